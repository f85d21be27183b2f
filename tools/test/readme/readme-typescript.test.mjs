// Every TypeScript block of the published packages' READMEs compiles under `strict` in a project set up
// exactly as the client README's "TypeScript set-up" section tells a new user: its package.json, its
// tsconfig.json and the packages its install command names. A README is read top to bottom as one
// program (later blocks use the `client` of the first), so its blocks are compiled as one module.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { publicPackages, repoRoot } from '../../release/packages.mjs';

const run = promisify(execFile);
const requireFromRoot = createRequire(join(repoRoot, 'package.json'));
const requireFromTools = createRequire(join(repoRoot, 'tools/package.json'));
const tsc = join(dirname(requireFromRoot.resolve('typescript/package.json')), 'bin/tsc');

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

const setupText = section(readFileSync(join(repoRoot, 'packages/client/README.md'), 'utf8'), 'TypeScript set-up');
const jsonBlocks = codeBlocks(setupText, 'json').map(({ code }) => JSON.parse(code));
const SETUP = {
  packageJson: jsonBlocks.find((block) => 'type' in block),
  tsconfig: jsonBlocks.find((block) => 'compilerOptions' in block),
  devDependencies: /npm install --save-dev ([^\n]+)/.exec(setupText)?.[1].trim().split(/\s+/) ?? [],
};

// A package without a README fails the tarball tests; here it simply has no blocks.
const READMES = publicPackages()
  .filter(({ dir }) => existsSync(join(dir, 'README.md')))
  .map(({ name, dir }) => ({ name, blocks: codeBlocks(readFileSync(join(dir, 'README.md'), 'utf8'), 'ts') }))
  .filter(({ blocks }) => blocks.length > 0);

const projects = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

/** A throwaway project set up as `setup` says, holding one README's blocks; tsc's exit code and output. */
async function compileReadme({ name, blocks }, setup, { thirdParty = true } = {}) {
  const project = mkdtempSync(join(tmpdir(), 'readme-ts-'));
  projects.push(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'readme-check', private: true, ...setup.packageJson }));
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ ...setup.tsconfig, include: ['readme.ts'] }));
  const link = (packageName, target) => {
    mkdirSync(dirname(join(project, 'node_modules', packageName)), { recursive: true });
    symlinkSync(target, join(project, 'node_modules', packageName), 'dir');
  };
  const ours = publicPackages();
  const source = blocks.map(({ line, code }) => `// ${name} README.md, line ${line}\n${code}`).join('\n\n');
  // A third-party package a README tells users to add (pino, for logging) is linked from the tools
  // package, which pins it. Its real path is inside this workspace, so it also brings the workspace's
  // @types/node into reach: a check of what a missing @types/node does leaves it out.
  if (thirdParty) {
    const imported = new Set([...source.matchAll(/from '([^'./][^']*)'/g)].map((match) => match[1]));
    for (const packageName of [...imported].map((name) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]))) {
      if (packageName.startsWith('node:') || ours.some((pkg) => pkg.name === packageName) || setup.devDependencies.includes(packageName)) continue;
      link(packageName, dirname(requireFromTools.resolve(`${packageName}/package.json`)));
    }
  }
  for (const dependency of setup.devDependencies) link(dependency, dirname(requireFromRoot.resolve(`${dependency}/package.json`)));
  for (const pkg of ours) link(pkg.name, pkg.dir);
  writeFileSync(join(project, 'readme.ts'), `${source}\n`);
  try {
    await run(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], { cwd: project });
    return { code: 0, output: '' };
  } catch (error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

describe("the client README's TypeScript set-up", () => {
  it('gives "type": "module", @types/node and typescript, and a strict tsconfig with module nodenext and lib es2018 or later', () => {
    expect(SETUP.packageJson).toEqual({ type: 'module' });
    expect(SETUP.devDependencies.sort()).toEqual(['@types/node', 'typescript']);
    const options = SETUP.tsconfig.compilerOptions;
    expect(options).toMatchObject({ module: 'nodenext', strict: true });
    expect(options.lib.map((lib) => Number(/^es(\d{4})$/i.exec(lib)?.[1] ?? 0)).some((year) => year >= 2018)).toBe(true);
  });
});

describe('TypeScript in the package READMEs', () => {
  it('the client and types READMEs have TypeScript blocks to check', () => {
    expect(READMES.map(({ name }) => name)).toEqual(expect.arrayContaining(['@merchant-ordering/client', '@merchant-ordering/types']));
  });

  it.each(READMES)('$name: every TypeScript block compiles under strict with that set-up', async (readme) => {
    expect(await compileReadme(readme, SETUP)).toEqual({ code: 0, output: '' });
  }, 60_000);

  it('without "type": "module" the client README fails with TS1378 (top-level await): the check can fail', async () => {
    const client = READMES.find(({ name }) => name === '@merchant-ordering/client');
    const { code, output } = await compileReadme(client, { ...SETUP, packageJson: {} });
    expect(code).not.toBe(0);
    expect(output).toMatch(/TS1378|TS1309/);
  }, 60_000);

  it('without @types/node the client README fails with TS2580 (process)', async () => {
    const client = READMES.find(({ name }) => name === '@merchant-ordering/client');
    const { code, output } = await compileReadme(client, { ...SETUP, devDependencies: ['typescript'] }, { thirdParty: false });
    expect(code).not.toBe(0);
    expect(output).toContain('TS2580');
  }, 60_000);
});
