// A sandbox of the test's own (node:http, port 0), reached with --base-url, so a test can read its
// payments before and after a command, and give it faults.
import { startSandbox, type Sandbox, type SandboxOptions } from '@merchant-ordering/sandbox';
import { afterAll } from 'vitest';

const started: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
});

export async function testSandbox(options: SandboxOptions = {}): Promise<Sandbox & { env: Record<string, string> }> {
  const sandbox = await startSandbox(options);
  started.push(sandbox);
  return Object.assign(sandbox, { env: { MERCHANT_ID: sandbox.credentials.merchantId, SECRET_KEY: sandbox.credentials.secretKey } });
}

/** The export's payments: one JSON object per line. */
export const jsonLines = (text: string): { id: string }[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** Ids that appear more than once. */
export function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}
