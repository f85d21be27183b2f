// @merchant-ordering/sandbox/service-worker: the sandbox inside a Service Worker (hosts/web/service-worker.ts).
export * from './hosts/web/service-worker.js';
