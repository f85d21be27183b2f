// The `merchant-ordering-mcp` process: reads the flags, opens the connection (sandbox or live), serves
// MCP over stdio or Streamable HTTP, and on SIGINT, SIGTERM, SIGHUP or the end of stdin (stdio) closes
// everything it opened and exits.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { type Connection, liveConnection, sandboxConnection } from './connection.js';
import { UsageError } from './errors.js';
import { CREDENTIALS, FLAGS, helpText } from './flags.js';
import { serveHttp } from './http.js';
import { type FlagValues, readFlags } from './read-flags.js';
import { createMcpServer } from './server.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

const say = (line: string) => process.stderr.write(`${SERVER_NAME}: ${line}\n`);
const usageError = (line: string) => {
  say(line);
  process.exitCode = 2;
};

function checkCombination(values: FlagValues): void {
  if (values.port !== undefined && !values.http) throw new UsageError('--port needs --http: stdio has no port');
  if (values.port !== undefined && !/^\d{1,5}$/.test(values.port as string)) throw new UsageError('--port must be a whole number from 0 to 65535');
  if (Number(values.port) > 65_535) throw new UsageError('--port must be a whole number from 0 to 65535');
  for (const name of ['environment', 'base-url', 'profile']) {
    if (values[name] !== undefined && !values.live) throw new UsageError(`--${name} needs --live: without it the server reads the sandbox in this process`);
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const read = readFlags(argv, FLAGS, { command: SERVER_NAME, credentials: CREDENTIALS });
  if ('help' in read) return void process.stdout.write(helpText());
  if ('version' in read) return void process.stdout.write(`${SERVER_VERSION}\n`);
  if ('error' in read) return usageError(read.error);
  const { values } = read;
  try {
    checkCombination(values);
  } catch (error) {
    return usageError((error as Error).message);
  }

  let live: Connection | undefined;
  try {
    if (values.live)
      live = liveConnection({
        environment: values.environment as never,
        baseUrl: values['base-url'] as string | undefined,
        profile: values.profile as string | undefined,
        env: process.env,
      });
  } catch (error) {
    say(error instanceof UsageError ? error.message : `cannot start: ${(error as Error).message}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
    return;
  }

  const closers: (() => Promise<void>)[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const close of closers.reverse()) await close().catch(() => {});
    await sandbox?.then((opened) => opened.close()).catch(() => {});
    process.exit(code);
  };
  // The sandbox is seeded at the first tool call (one for every HTTP request), not before initialize and tools/list.
  let sandbox: Promise<Connection> | undefined;
  const connection = live ?? (() => (sandbox ??= sandboxConnection()));
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)
    process.on(signal, () => void stop(code));

  const where = live ? `live, ${live.source.baseUrl}` : 'sandbox in this process';
  if (values.http) {
    const host = await serveHttp(() => createMcpServer({ connection }), { port: Number(values.port ?? 0) });
    closers.push(() => host.close());
    say(`listening on ${host.url} (${where})`);
  } else {
    const server = createMcpServer({ connection });
    closers.push(() => server.close());
    // The agent host closing our stdin is how it says goodbye.
    process.stdin.on('end', () => void stop(0));
    await server.connect(new StdioServerTransport());
    say(`serving MCP on stdio (${where})`);
  }
}

await main(process.argv.slice(2));
