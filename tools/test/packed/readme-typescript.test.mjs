// The packages' READMEs from the outside, in a project set up exactly as the client README's
// "TypeScript set-up" tells a new user (its install commands, its package.json and its tsconfig.json
// blocks, with skipLibCheck off so that our declarations are really checked), with the packed tarballs:
// - every TypeScript block is a complete program or says that it continues the one before it, and
//   every such program compiles under strict;
// - the declarations of every public package compile in both of the README's set-ups: Node's types
//   named in `types`, and the DOM library with no @types at all (an entry built on an optional peer,
//   the sandbox's ./msw, in the DOM set-up only: msw's own declarations need the DOM library);
// - every program runs against a sandbox and exits 0; the first one says in one line which variable
//   to set when one is missing, and ends non-zero when a call fails.
// `pnpm test` runs this with the workspace's TypeScript (5.9, the oldest supported); `pnpm
// test:typescript` with every supported major (tools/typescripts).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startSandbox } from '@merchant-ordering/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, npmInstall } from '@merchant-ordering/test-kit/npm';
import { publicPackages, repoRoot } from '../../release/packages.mjs';
import { TYPES_NODE, typescriptsUnderTest } from '../../typescripts/typescripts.mjs';
import { packForTest } from '../helpers/packed.mjs';

const run = promisify(execFile);
const typescripts = typescriptsUnderTest();
const PINO = JSON.parse(readFileSync(join(repoRoot, 'tools/package.json'), 'utf8')).devDependencies.pino;
// npm install of the tarballs and their dependencies, then one compile per set-up; generous because
// the 2-core machine runs other test files at the same time. A bound on the runner, not an assertion.
const STEP_TIMEOUT = 180_000;

/** The fenced blocks of one language, with the line each starts on. */
function codeBlocks(markdown, language) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index].trim() !== `\`\`\`${language}`) continue;
    const end = lines.findIndex((line, at) => at > index && line.trim() === '```');
    blocks.push({ line: index + 1, code: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

/** The text of a `## heading` section, up to the next `## `. */
function section(markdown, heading) {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

const clientReadme = readFileSync(join(repoRoot, 'packages/client/README.md'), 'utf8');
const setupText = section(clientReadme, 'TypeScript set-up');
const jsonBlocks = codeBlocks(setupText, 'json').map(({ code }) => JSON.parse(code));
const SETUP = {
  packageJson: jsonBlocks.find((block) => 'type' in block),
  node: jsonBlocks.find((block) => block.compilerOptions?.types?.includes('node'))?.compilerOptions,
  dom: jsonBlocks.find((block) => block.compilerOptions?.lib?.includes('dom') && block.compilerOptions.types?.length === 0)?.compilerOptions,
  installs: codeBlocks(setupText, 'sh').flatMap(({ code }) => [...code.matchAll(/^npm install (.+)$/gm)].map((match) => match[1].trim().split(/\s+/))),
};

// A block continues the one before it when its first line says so; any other block starts a program.
const CONTINUES = /^\/\/ Continues the block above\b/;

/** A README's programs: each holds a complete block and the blocks that continue it. */
function programsOf(name, markdown) {
  const programs = [];
  for (const { line, code } of codeBlocks(markdown, 'ts')) {
    const text = `// ${name} README.md, line ${line}\n${code}\n`;
    if (CONTINUES.test(code) && programs.length > 0) programs.at(-1).source += `\n${text}`;
    else programs.push({ readme: name, line, continues: CONTINUES.test(code), source: text });
  }
  return programs.map((program, index) => ({ ...program, file: `${name.split('/')[1]}-${index + 1}.ts` }));
}

// A package without a README fails the tarball tests; here it simply has no programs.
const PROGRAMS = publicPackages().flatMap(({ name, dir }) => {
  try {
    return programsOf(name, readFileSync(join(dir, 'README.md'), 'utf8'));
  } catch {
    return [];
  }
});

/** Each public package's optional peers, at the version the package is tested with (its devDependency). */
function optionalPeers() {
  return publicPackages().flatMap(({ dir }) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => ({ name, version: manifest.devDependencies?.[name] ?? manifest.peerDependencies[name] }));
  });
}
const OPTIONAL_PEERS = optionalPeers();

/** A declaration file's text with that of the files it imports or re-exports by relative path (an entry may only re-export its host's module). */
function declarationsOf(file, seen = new Set()) {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const relative = [...text.matchAll(/from ['"](\.{1,2}\/[^'"]+)\.js['"]/g)].map(([, path]) => join(dirname(file), `${path}.d.ts`));
  return [text, ...relative.map((next) => declarationsOf(next, seen))].join('\n');
}

/**
 * One import per `exports` subpath with declarations, for every public package: what a consumer can
 * load. `withPeers: false` leaves out the entries whose declarations import an optional peer (the
 * sandbox's ./msw): msw's own declarations need the DOM library, as the sandbox README says, so those
 * are compiled in the DOM set-up only.
 */
function declarationsProbe({ withPeers }) {
  const importsPeer = new RegExp(`from ['"](${OPTIONAL_PEERS.map(({ name }) => name.replace(/[/.]/g, '\\$&')).join('|') || '(?!)'})['"]`);
  const lines = [];
  for (const { dir } of publicPackages()) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const conditions = typeof target === 'string' ? { default: target } : target;
      if (subpath.includes('*') || !conditions.types) continue;
      if (!withPeers && importsPeer.test(declarationsOf(join(dir, conditions.types)))) continue;
      const specifier = `${manifest.name}${subpath.slice(1)}`;
      const typesOnly = !conditions.default && !conditions.import;
      lines.push(typesOnly ? `import type * as probe${lines.length} from '${specifier}';` : `import * as probe${lines.length} from '${specifier}';`);
    }
  }
  const values = lines.flatMap((line, index) => (line.startsWith('import type') ? [] : [`probe${index}`]));
  const types = lines.flatMap((line, index) => (line.startsWith('import type') ? [`typeof probe${index}`] : []));
  return `${lines.join('\n')}\n\nexport const loaded = [${values.join(', ')}];\nexport type Declared = [${types.join(', ')}];\n`;
}

let project;
let sandbox;
beforeAll(async () => {
  const release = await packForTest();
  project = mkdtempSync(join(tmpdir(), 'readme-project-'));
  afterAll(() => release.cleanUp());
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'readme-project', private: true, ...SETUP.packageJson }, null, 2));
  // What the README's install commands name (the client; typescript and @types/node, the compiler
  // coming from the matrix), the other packages whose READMEs are checked, pino, which the logging
  // block tells readers to add, and the optional peers some entries need.
  const tarballs = Object.values(release.tarballs);
  await npmInstall(
    ['--save-exact', ...tarballs, `@types/node@${TYPES_NODE}`, `pino@${PINO}`, ...OPTIONAL_PEERS.map(({ name, version }) => `${name}@${version}`)],
    { cwd: project },
  );
  for (const { file, source } of PROGRAMS) writeFileSync(join(project, file), source);
  writeFileSync(join(project, 'declarations.ts'), declarationsProbe({ withPeers: true }));
  writeFileSync(join(project, 'declarations-node.ts'), declarationsProbe({ withPeers: false }));
  sandbox = await startSandbox({ port: 0 });
}, STEP_TIMEOUT);
afterAll(async () => {
  await sandbox?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Compiles the project with `tsc` and a tsconfig of `compilerOptions` over `files`: exit code and output. */
async function compile(tsc, compilerOptions, files, { emit = false } = {}) {
  const config = `tsconfig.${Math.random().toString(36).slice(2)}.json`;
  writeFileSync(join(project, config), JSON.stringify({ compilerOptions: { ...compilerOptions, skipLibCheck: false, noEmit: !emit }, files }));
  try {
    await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: project, timeout: STEP_TIMEOUT });
    return { code: 0, output: '' };
  } catch (error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

/** Runs an emitted program with the sandbox's address and credentials in the environment (then `env`). */
async function runProgram(file, env = {}) {
  const { merchantId, secretKey } = sandbox.credentials;
  const variables = { ...cleanEnv(), MERCHANT_API_BASE_URL: sandbox.url, BASE_URL: sandbox.url, MERCHANT_ID: merchantId, SECRET_KEY: secretKey, ...env };
  for (const [name, value] of Object.entries(variables)) if (value === undefined) delete variables[name];
  try {
    const { stdout, stderr } = await run(process.execPath, [file.replace(/\.ts$/, '.js')], {
      cwd: project,
      env: variables,
      timeout: STEP_TIMEOUT,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const programFiles = PROGRAMS.map(({ file }) => file);
const first = PROGRAMS.find(({ readme }) => readme === '@merchant-ordering/client');

describe("the client README's TypeScript set-up", () => {
  it('installs the client, then typescript and @types/node, and gives "type": "module"', () => {
    expect(SETUP.installs).toEqual([['@merchant-ordering/client'], ['--save-dev', 'typescript', '@types/node']]);
    expect(SETUP.packageJson).toEqual({ type: 'module' });
  });

  it('has a Node set-up that names @types/node in `types` (TypeScript 6 and 7 load no @types by themselves), strict, module nodenext, lib es2018 or later', () => {
    expect(SETUP.node).toMatchObject({ module: 'nodenext', strict: true, types: ['node'] });
    expect(SETUP.node.lib.map((lib) => Number(/^es(\d{4})$/i.exec(lib)?.[1] ?? 0)).some((year) => year >= 2018)).toBe(true);
  });

  it('has a set-up without @types, fetch types from the DOM library', () => {
    expect(SETUP.dom).toMatchObject({ strict: true, types: [], lib: expect.arrayContaining(['dom']) });
  });

  it('names the oldest TypeScript the matrix checks as the oldest supported', () => {
    const [oldest] = readMatrixVersions();
    expect(setupText).toContain(`TypeScript ${oldest} or later`);
  });
});

describe('TypeScript in the package READMEs', () => {
  it('the client, types, sandbox and contract READMEs have programs, and each program starts with a complete block', () => {
    expect(PROGRAMS.map(({ readme }) => readme)).toEqual(
      expect.arrayContaining(['@merchant-ordering/client', '@merchant-ordering/types', '@merchant-ordering/sandbox', '@merchant-ordering/contract']),
    );
    expect(PROGRAMS.filter(({ continues }) => continues)).toEqual([]);
  });

  it('the first block of the client README says how to compile and run it', () => {
    expect(first.source.split('\n')[1]).toMatch(/^\/\/ first-call\.ts: compile with `npx tsc`, run with `node first-call\.js`\.$/);
    expect(section(clientReadme, 'Create a client')).toContain('MERCHANT_API_BASE_URL=http://127.0.0.1:4010');
  });
});

describe.each(typescripts.map((typescript) => [typescript.version, typescript]))('TypeScript %s', (_version, { tsc }) => {
  it(
    "compiles every README program and every package's declarations in the README's Node set-up",
    async () => {
      expect(await compile(tsc, SETUP.node, [...programFiles, 'declarations-node.ts'], { emit: true })).toEqual({ code: 0, output: '' });
    },
    STEP_TIMEOUT,
  );

  it(
    "compiles every package's declarations in the README's set-up without @types (DOM library)",
    async () => {
      expect(await compile(tsc, SETUP.dom, ['declarations.ts'])).toEqual({ code: 0, output: '' });
    },
    STEP_TIMEOUT,
  );

  it.each(PROGRAMS.map((program) => [program.file, program]))(
    '%s runs against the sandbox and exits 0',
    async (file) => {
      const result = await runProgram(file);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    },
    STEP_TIMEOUT,
  );

  it(
    'the first program, without MERCHANT_ID, says in one line what to set and exits non-zero',
    async () => {
      const result = await runProgram(first.file, { MERCHANT_ID: undefined });
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Set MERCHANT_ID and SECRET_KEY /)]);
      expect(result.stdout).toBe('');
    },
    STEP_TIMEOUT,
  );

  it(
    'the first program, with a wrong secret key, fails with a non-zero exit code',
    async () => {
      const result = await runProgram(first.file, { SECRET_KEY: 'not-the-key' });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('AuthenticationError');
    },
    STEP_TIMEOUT,
  );
});

describe('the checks can fail', () => {
  const [{ tsc, version }] = typescripts.slice(-1);

  it(
    'without "type": "module" the client README fails with TS1378 or TS1309 (top-level await)',
    async () => {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'readme-project', private: true }));
      try {
        const { code, output } = await compile(tsc, SETUP.node, [first.file]);
        expect(code).not.toBe(0);
        expect(output).toMatch(/TS1378|TS1309/);
      } finally {
        writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'readme-project', private: true, ...SETUP.packageJson }, null, 2));
      }
    },
    STEP_TIMEOUT,
  );

  // Only where it applies (`pnpm test:typescript`): TypeScript 5.9 still loads every @types package.
  if (Number(version.split('.')[0]) >= 6)
    it(
      'the first block compiles alone, and without `types` TypeScript 6 and later find neither process (TS2591) nor the fetch types',
      async () => {
        // The first block alone, as a reader saves it: the later pino block would bring Node's types in
        // (pino's declarations reference them).
        writeFileSync(join(project, 'first-call.ts'), codeBlocks(clientReadme, 'ts')[0].code);
        const { types: _types, ...withoutTypes } = SETUP.node;
        expect(await compile(tsc, SETUP.node, ['first-call.ts'])).toEqual({ code: 0, output: '' });
        const { code, output } = await compile(tsc, withoutTypes, ['first-call.ts']);
        expect(code).not.toBe(0);
        expect(output).toMatch(/TS2591|TS2580/);
        expect(output).toMatch(/Cannot find name '(Headers|AbortSignal|Request|Response)'/);
      },
      STEP_TIMEOUT,
    );

  it(
    'a block that loses its "Continues the block above" line is a fragment that does not compile on its own',
    async () => {
      const fragment = first.source.split('\n// @merchant-ordering/client README.md')[1];
      writeFileSync(join(project, 'fragment.ts'), `// @merchant-ordering/client README.md${fragment}`);
      const { code, output } = await compile(tsc, SETUP.node, ['fragment.ts']);
      expect(code).not.toBe(0);
      expect(output).toMatch(/Cannot find name 'client'/);
    },
    STEP_TIMEOUT,
  );
});

/** The versions tools/typescripts pins (whether or not they are installed), oldest first, as major.minor. */
function readMatrixVersions() {
  const { devDependencies } = JSON.parse(readFileSync(join(repoRoot, 'tools/typescripts/package.json'), 'utf8'));
  return Object.keys(devDependencies)
    .filter((name) => name.startsWith('typescript-'))
    .map((name) => name.slice('typescript-'.length))
    .sort((a, b) => Number(a) - Number(b));
}
