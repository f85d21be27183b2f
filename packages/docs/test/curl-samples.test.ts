// Every curl sample, parsed by a real shell, is a request the Prism mock accepts. A `curl` shell
// function stands in for curl and prints its arguments, so the test needs no curl and sends nothing
// to the sandbox; the request is then replayed against the mock with fetch.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startPrism } from '@merchant-ordering/tools/mock/prism.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxServer } from '../scripts/code-samples.mjs';
import { documentedOperations } from './support/operations';
import { readDocsBundle } from './support/paths';

const docs = readDocsBundle();
const sandbox = sandboxServer(docs);
const operations = documentedOperations(docs);

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startPrism();
});
afterAll(async () => {
  await mock?.stop();
});

describe.each(operations)('the curl sample of $operationId', ({ method, path, samples }) => {
  it('calls the sandbox with the method and path of the operation', async () => {
    const request = parseCurl(await shellArguments(samples.curl));
    expect(request.method).toBe(method);
    expect(request.url.startsWith(`${sandbox}${path}`), request.url).toBe(true);
  });

  it('is accepted by the mock (query, Authorization, Accept and User-Agent all valid)', async () => {
    const request = parseCurl(await shellArguments(samples.curl));
    const response = await fetch(request.url.replace(sandbox, mock.url), {
      method: request.method,
      headers: request.headers,
    });
    // Prism lists what it found wrong in sl-violations.
    const report = `${request.url}\n${response.headers.get('sl-violations') ?? ''}\n${await response.text()}`;
    expect(response.status, report).toBe(200);
  });
});

/** The argument list the shell would hand to curl. */
async function shellArguments(sample: string): Promise<string[]> {
  const script = `curl() { printf '%s\\0' "$@"; }\n${sample}`;
  const { stdout } = await promisify(execFile)('sh', ['-c', script]);
  return stdout.split('\0').slice(0, -1);
}

/** Reads the curl options the template uses; any other option fails, so the template cannot drift. */
function parseCurl(args: string[]) {
  const request = { method: 'GET', url: '', headers: [] as [string, string][] };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--request') request.method = args[++i] as string;
    else if (arg === '--header') {
      const [name, ...value] = (args[++i] as string).split(':');
      request.headers.push([name as string, value.join(':').trim()]);
    } else if (!arg.startsWith('-') && !request.url) request.url = arg;
    else throw new Error(`the curl sample uses ${arg}, which this test does not understand`);
  }
  return request;
}
