// Reads a curl sample as a shell would hand it to curl, without running curl: the request it sends.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The argument list the shell would hand to curl (a `curl` shell function prints its arguments). */
export async function shellArguments(sample: string): Promise<string[]> {
  const script = `curl() { printf '%s\\0' "$@"; }\n${sample}`;
  const { stdout } = await promisify(execFile)('sh', ['-c', script]);
  return stdout.split('\0').slice(0, -1);
}

/** Reads the curl options the template uses; any other option fails, so the template cannot drift. */
export function parseCurl(args: string[]) {
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
