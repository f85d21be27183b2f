// @merchant-ordering/sandbox/msw: the sandbox as MSW request handlers (hosts/web/msw.ts).
export * from './hosts/web/msw.js';
