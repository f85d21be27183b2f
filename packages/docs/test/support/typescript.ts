// Type-checks samples the way a user's strict project would, and turns them into runnable ESM.
import ts from 'typescript';

const strictProject: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts'],
  types: ['node'],
  skipLibCheck: true,
  noEmit: true,
};

/** Compiler errors for the files, formatted as tsc prints them; empty when they type-check. */
export function typeCheck(files: string[]): string {
  const program = ts.createProgram(files, strictProject);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  });
}

/** The sample as JavaScript: types removed, nothing else changed. */
export function toJavaScript(source: string, fileName: string): string {
  return ts.transpileModule(source, {
    fileName,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}
