// The README documents what the package does: every flag, every fault, the default credentials and
// the User-Agent decision; and `pnpm sandbox` passes its flags through to the bin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../src/index.js';
import { FLAGS } from '../../src/hosts/node/options.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const rootScripts = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')).scripts;

describe('README', () => {
  it('opens with the package name, what it is, and how to install and start it', () => {
    expect(readme.split('\n')[0]).toBe('# @merchant-ordering/sandbox');
    expect(readme).toContain('npm install --save-dev @merchant-ordering/sandbox');
    expect(readme).toContain('npx merchant-ordering-sandbox');
  });

  it('documents every flag of the bin, with its default', () => {
    for (const [name, flag] of Object.entries(FLAGS)) {
      if (!('value' in flag)) continue; // --help and --version, in the prose
      const row = readme.split('\n').find((line) => line.startsWith(`| \`--${name} ${flag.value}\` |`));
      expect(row, `--${name}`).toBeDefined();
      expect(row).toContain(flag.default ? `| \`${flag.default}\` |` : '| none |');
    }
    expect(readme).toMatch(/`--help` \(`-h`\)/);
    expect(readme).toContain('`--version`');
  });

  it('documents every fault, the default credentials and that User-Agent is optional', () => {
    for (const fault of ['429', '503', 'reset', 'stall', 'slow-body', 'delay=<ms>', 'insert']) expect(readme).toContain(`| \`${fault}\` |`);
    expect(readme).toContain(`Merchant ID \`${DEFAULT_CREDENTIALS.merchantId}\` and Secret Key\n\`${DEFAULT_CREDENTIALS.secretKey}\``);
    expect(readme).toMatch(/`User-Agent` is optional/);
  });
});

describe('pnpm sandbox', () => {
  it('runs the launcher that reads these flags before the build (tools/sandbox.mjs, tested in tools/test/start/)', () => {
    expect(rootScripts.sandbox).toBe('exec node tools/sandbox.mjs');
  });
});
