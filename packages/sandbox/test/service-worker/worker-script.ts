// A worker script as a site writes it, compiled with the WebWorker library and without Node's types
// (tsconfig.worker.json): `self` as TypeScript types it must be accepted by installSandbox.
/// <reference lib="webworker" />
import { installSandbox } from '../../src/service-worker.js';

declare const self: ServiceWorkerGlobalScope;

const sandbox = installSandbox(self, { baseUrl: './sandbox/', payments: 200, log: (entry) => console.log(entry.method, entry.target, entry.status) });
sandbox.payments().length.toFixed();
