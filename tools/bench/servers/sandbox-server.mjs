// The built sandbox's node:http host in a process of its own, so the load does not share its event
// loop. Sends { port } over IPC once it listens; exits with its parent.
import { parseArgs } from 'node:util';
import { sandboxEntry } from '../lib/workspace.mjs';

const { values } = parseArgs({ options: { payments: { type: 'string', default: '1000' } } });
const { startSandbox } = await import(sandboxEntry);
const sandbox = await startSandbox({ payments: Number(values.payments) });
process.send?.({ port: sandbox.port });
process.on('disconnect', () => process.exit(0)); // the parent is gone, even by SIGKILL
process.on('SIGTERM', () => sandbox.close().then(() => process.exit(0)));
