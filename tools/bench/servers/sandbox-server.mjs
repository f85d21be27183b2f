// The sandbox (packages/sandbox, as built, or another build's dist/index.js with --entry) for the
// sandbox items, in its own process so the load tool does not share its event loop. Sends { port } over
// IPC once it listens; exits with its parent.
//
//   fork('sandbox-server.mjs', ['--payments', '1000', '--entry', '/tmp/…/dist/index.js'])
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sandboxEntry } from '../lib/paths.mjs';

const { values } = parseArgs({ options: { payments: { type: 'string', default: '1000' }, entry: { type: 'string', default: sandboxEntry } } });
const { startSandbox } = await import(pathToFileURL(values.entry).href);
const sandbox = await startSandbox({ payments: Number(values.payments) });
process.send?.({ port: sandbox.port });
// The parent going away (even by SIGKILL) closes the IPC channel: never outlive it.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => sandbox.close().then(() => process.exit(0)));
