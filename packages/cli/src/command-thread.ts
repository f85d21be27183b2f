// The command's worker thread, started by threads/main.ts (threads/command.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { runCli } from './run.js';
import { runCommandThread } from './threads/command.js';

await runCommandThread(parentPort!, workerData, process, runCli);
