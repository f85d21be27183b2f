// The folders show the design: src/engine/ holds every rule and nothing of Node, so that each host is
// an adapter over it; the web hosts are type-checked without Node's types (tsconfig.web.json).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const filesIn = (folder: string) =>
  readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|js)$/.test(name))
    .map((name) => join(src, folder, name));
/** Every module a file names, as TypeScript reads them: imports, re-exports and import(). */
const specifiers = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map(({ fileName }) => fileName);

describe('src/engine/', () => {
  const engine = filesIn('engine');

  it('holds the rules', () => {
    expect(engine.length).toBeGreaterThan(10);
  });

  it('imports nothing of Node and nothing from outside the engine', () => {
    const builtins = new Set(builtinModules);
    const outside = engine.flatMap((file) =>
      specifiers(file)
        .filter(
          (name) =>
            name.startsWith('node:') ||
            builtins.has(name) ||
            !name.startsWith('.') ||
            relative(join(src, 'engine'), resolve(dirname(file), name)).startsWith('..'),
        )
        .map((name) => `${relative(src, file)}: ${name}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('the entries at the top of src/', () => {
  it('are the package entries and the bin, and nothing else', () => {
    expect(
      readdirSync(src)
        .filter((name) => /\.(ts|js)$/.test(name))
        .sort(),
    ).toEqual(['cli.ts', 'fetch.ts', 'index.ts', 'msw.ts', 'service-worker.ts']);
  });
});
