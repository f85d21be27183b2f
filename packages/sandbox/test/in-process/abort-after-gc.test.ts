// A caller's abort must reach the in-process sandbox however long it waits, garbage collections
// included: a Request follows its caller's signal only while the Request lives (undici holds it
// weakly), so a sandbox that kept only `request.signal` lost the abort after a collection and the call
// hung forever. Run in a Node of its own with --expose-gc, collecting while the answer stalls, is
// delayed, or streams slowly.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../../dist/fetch.js', import.meta.url));

describe('an abort after garbage collections', () => {
  it.each(['stall', 'delay=30000', 'slow-body'])('Sandbox-Fault: %s: the call still ends with the abort reason', async (fault) => {
    const script = `
      const { createSandbox, httpHandler } = await import(${JSON.stringify(entry)});
      const sandbox = await createSandbox({ payments: 20 });
      const outcomes = [];
      for (const send of [sandbox.fetch, (url, init) => httpHandler(sandbox)(new Request(url, init))]) {
        const call = (async () => {
          const response = await send('http://sandbox.test/v2/payments?limit=20', { headers: { Authorization: 'Basic MzI6YWJjZGVmZ2g=', 'Sandbox-Fault': ${JSON.stringify(fault)} }, signal: AbortSignal.timeout(300) });
          await response.text();
          return 'answered';
        })().catch((error) => error.name);
        const collecting = setInterval(() => globalThis.gc(), 20);
        const deadline = new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000));
        outcomes.push(await Promise.race([call, deadline]));
        clearInterval(collecting);
      }
      console.log(JSON.stringify(outcomes));
      await sandbox.close();
      process.exit(0);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual(['TimeoutError', 'TimeoutError']);
  });
});
