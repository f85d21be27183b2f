// Bundles the split description into the published artifacts: bundled and dereferenced, YAML and JSON.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const artifacts = [
  ['dist/openapi.yaml'],
  ['dist/openapi.json'],
  ['dist/openapi.dereferenced.yaml', '--dereferenced'],
  ['dist/openapi.dereferenced.json', '--dereferenced'],
];

await rm('dist', { recursive: true, force: true });
await Promise.all(
  artifacts.map(([output, ...flags]) =>
    run('redocly', ['bundle', 'openapi.yaml', '-o', output, ...flags], {
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }),
  ),
);
console.log(`bundled ${artifacts.map(([output]) => output).join(', ')}`);
