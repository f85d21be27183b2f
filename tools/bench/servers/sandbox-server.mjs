// The built sandbox's node:http host in a process of its own, so the load does not share its event loop. Sends { port } over IPC once it listens; exits with
// its parent.
import { sandboxEntry } from '../lib/workspace.mjs';

const { startSandbox } = await import(sandboxEntry);
const sandbox = await startSandbox({ payments: JSON.parse(process.argv[2]).payments });
process.send?.({ port: sandbox.port });
process.on('disconnect', () => process.exit(0)); // the parent is gone, even by SIGKILL
process.on('SIGTERM', () => sandbox.close().then(() => process.exit(0)));
