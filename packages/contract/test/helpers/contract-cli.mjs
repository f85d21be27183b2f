// Runs the bin as a CI job would: `node lib/cli.js ...args`, with MERCHANT_ID and SECRET_KEY unset
// unless `env` sets them. Resolves to { code, stdout, stderr }.
import { fileURLToPath } from 'node:url';
import { spawnNode } from '@merchant-ordering/test-kit/processes';

export const cli = fileURLToPath(new URL('../../lib/cli.js', import.meta.url));

export async function runContract(args, env = {}) {
  const { output, exited } = spawnNode([cli, ...args], { env: { ...process.env, MERCHANT_ID: '', SECRET_KEY: '', ...env } });
  const { code } = await exited;
  return { code, ...output };
}
