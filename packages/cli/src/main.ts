#!/usr/bin/env node
// The `merchant-ordering` process: the command in a worker thread (threads/main.ts).
import { Worker } from 'node:worker_threads';
import { runMainThread } from './threads/main.js';

runMainThread(process, Worker);
