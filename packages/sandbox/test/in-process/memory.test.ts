// A long test suite makes many calls through one in-process sandbox: what a call leaves behind must be
// nothing. The engine once kept a reaction to its close promise for every call, which nothing ever
// removed (a promise's reactions stay until it settles). Measured in a Node of its own with
// --expose-gc: the heap after 20,000 calls, collected, against the heap after the first 1,000.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../../dist/fetch.js', import.meta.url));

describe('the in-process sandbox over many calls', () => {
  it('keeps nothing per call: the heap after 20,000 calls is within 1 MiB of the heap after 1,000', async () => {
    const script = `
      const { createSandbox } = await import(${JSON.stringify(entry)});
      const sandbox = await createSandbox({ payments: 50 });
      const call = async () => (await sandbox.fetch('http://sandbox.test/v2/payments?limit=1', { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=' } })).text();
      const heap = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().heapUsed; };
      for (let i = 0; i < 1000; i++) await call();
      const before = heap();
      for (let i = 0; i < 19000; i++) await call();
      console.log(JSON.stringify({ grownBytes: heap() - before }));
      await sandbox.close();`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--input-type=module', '-e', script]);
    expect(JSON.parse(stdout).grownBytes).toBeLessThan(2 ** 20);
  }, 120_000);
});
