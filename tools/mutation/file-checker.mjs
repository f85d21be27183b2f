// Stryker's `file-typescript` checker: a mutant that does not compile is not run, and does not count.
// One TypeScript language service over the package's build project (tsconfig.build.json, the code that
// ships) swaps each mutant into its file and reads that file's diagnostics. Stryker's own checker
// rebuilds the whole program for each group of mutants, and checks a group again one by one when one
// of them fails to compile, which three mutants in four do here: it set the pace of a run. A mutant
// that breaks only another file's types is not seen here: it is run against the tests like any other.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const PROJECT = 'tsconfig.build.json';

class FileChecker {
  // Stryker starts a checker in the package's directory, with nothing injected.
  static inject = [];
  /** @type {Map<string, { text: string, lineStarts: number[] }>} */
  originals = new Map();
  /** @type {Map<string, { text: string, version: number }>} */
  current = new Map();

  /** @param {string} directory the package's */
  constructor(directory = process.cwd()) {
    this.directory = directory;
  }

  async init() {
    const configFile = resolve(this.directory, PROJECT);
    const config = ts.getParsedCommandLineOfConfigFile(configFile, { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail });
    if (!config) throw new Error(`cannot read ${configFile}`);
    this.files = new Set(config.fileNames.map((file) => resolve(this.directory, file)));
    // As Stryker's checker does: code a mutant makes unreachable or unused is not an error.
    const options = { ...config.options, allowUnreachableCode: true, noUnusedLocals: false, noUnusedParameters: false };
    const text = (file) => this.current.get(file)?.text ?? ts.sys.readFile(file);
    this.service = ts.createLanguageService(
      {
        getScriptFileNames: () => [...this.files],
        getScriptVersion: (file) => String(this.current.get(file)?.version ?? 0),
        getScriptSnapshot: (file) => {
          const content = text(file);
          return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
        },
        getCurrentDirectory: () => this.directory,
        getCompilationSettings: () => options,
        getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
        fileExists: ts.sys.fileExists,
        readFile: ts.sys.readFile,
        readDirectory: ts.sys.readDirectory,
        directoryExists: ts.sys.directoryExists,
        getDirectories: ts.sys.getDirectories,
      },
      ts.createDocumentRegistry(),
    );
    const errors = ts.getPreEmitDiagnostics(this.service.getProgram()).filter(isError);
    if (errors.length) throw new Error(`the unmutated project does not compile: ${describe(errors)}`);
  }

  /** @param {{ id: string, fileName: string, replacement: string, location: { start: { line: number, column: number }, end: { line: number, column: number } } }[]} mutants */
  async check(mutants) {
    const results = {};
    for (const mutant of mutants) {
      const file = resolve(this.directory, mutant.fileName);
      if (!this.files.has(file)) {
        results[mutant.id] = { status: 'passed' };
        continue;
      }
      const { text, lineStarts } = this.original(file);
      const at = ({ line, column }) => lineStarts[line] + column;
      this.swap(file, text.slice(0, at(mutant.location.start)) + mutant.replacement + text.slice(at(mutant.location.end)));
      const errors = [...this.service.getSyntacticDiagnostics(file), ...this.service.getSemanticDiagnostics(file)].filter(isError);
      results[mutant.id] = errors.length ? { status: 'compileError', reason: describe(errors) } : { status: 'passed' };
      this.swap(file, text);
    }
    return results;
  }

  original(file) {
    let original = this.originals.get(file);
    if (!original) {
      const text = readFileSync(file, 'utf8');
      const lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
      original = { text, lineStarts };
      this.originals.set(file, original);
    }
    return original;
  }

  swap(file, text) {
    this.current.set(file, { text, version: (this.current.get(file)?.version ?? 0) + 1 });
  }
}

const isError = (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error;
const describe = (diagnostics) =>
  diagnostics
    .slice(0, 3)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '))
    .join('; ');
const fail = (diagnostic) => {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
};

export const strykerPlugins = [{ kind: 'Checker', name: 'file-typescript', injectableClass: FileChecker }];
