// The README documents what the package does: every flag, every fault, the default credentials and
// the User-Agent decision; and `pnpm sandbox` passes its flags through to the bin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../src/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const cli = readFileSync(new URL('../../src/cli.ts', import.meta.url), 'utf8');
const rootScripts = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')).scripts;

describe('README', () => {
  it('opens with the package name, what it is, and how to install and start it', () => {
    expect(readme.split('\n')[0]).toBe('# @merchant-ordering/sandbox');
    expect(readme).toContain('npm install --save-dev @merchant-ordering/sandbox');
    expect(readme).toContain('npx merchant-ordering-sandbox');
  });

  it('documents every flag of the bin', () => {
    const flags = [...cli.matchAll(/^\s+'?([a-z-]+)'?: \{ type: '(string|boolean)'/gm)].filter((match) => match[1] !== 'help');
    expect(flags.map((match) => match[1])).toEqual(['port', 'host', 'merchant-id', 'secret-key', 'payments', 'seed', 'faults', 'evolve']);
    // A flag with a value shows it (`--port <n>`); a switch stands alone (`--evolve`).
    for (const [, flag, type] of flags) expect(readme).toContain(type === 'string' ? `| \`--${flag} <` : `| \`--${flag}\` |`);
  });

  it('documents every fault, the default credentials and that User-Agent is optional', () => {
    for (const fault of ['429', '503', 'reset', 'stall', 'slow-body', 'delay=<ms>', 'insert']) expect(readme).toContain(`| \`${fault}\` |`);
    expect(readme).toContain(`Merchant ID \`${DEFAULT_CREDENTIALS.merchantId}\` and Secret Key\n\`${DEFAULT_CREDENTIALS.secretKey}\``);
    expect(readme).toMatch(/`User-Agent` is optional/);
  });
});

describe('pnpm sandbox', () => {
  it('ends with the bin, so the flags given to `pnpm sandbox` reach it', () => {
    expect(rootScripts.sandbox).toMatch(/&& exec node packages\/sandbox\/dist\/cli\.js$/);
  });
});
