// Types for the workspace's JavaScript tools the tests use (process helpers and release gates).
declare module '@merchant-ordering/tools/test/helpers/processes.mjs' {
  import type { ChildProcess, SpawnOptions } from 'node:child_process';
  export function spawnNode(args: string[], options?: SpawnOptions): {
    child: ChildProcess;
    output: { stdout: string; stderr: string };
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  };
  export function waitFor<T>(condition: () => T | Promise<T>, what: string, deadlineMs?: number): Promise<T>;
}
declare module '@merchant-ordering/tools/release/package-gates.mjs' {
  export function publintReport(packageDir: string): Promise<string>;
  export function attwProblems(packageDir: string, options?: { ignoreRules?: string[] }): Promise<Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>>;
  export function describeEsmOnlyGates(packageDir: string, options?: { entries?: string[] }): void;
}
declare module '@merchant-ordering/tools/chromium.mjs' {
  export function launchChromium(): Promise<import('playwright-core').Browser>;
}
declare module '@merchant-ordering/tools/static-server.mjs' {
  export function serveStatic(options: { root: string; port?: number; host?: string; prefix?: string }): Promise<{ url: string; port: number; close: () => Promise<void> }>;
}
declare module '@merchant-ordering/tools/runtimes/equivalence/compare.mjs' {
  import type { RawRequest } from '../helpers/raw-request.js';
  export interface Observed {
    status: number;
    headers: Record<string, string>;
    body: string;
  }
  export function normalise(status: number, headers: Headers, body: string): Observed;
  export function targetFor(entry: RawRequest, origin: string): string;
  export function webRequest(entry: RawRequest, origin: string): Request;
}
declare module '@merchant-ordering/tools/runtimes/equivalence/node-http.mjs' {
  import type { RawRequest } from '../helpers/raw-request.js';
  export function sendRaw(url: string, raw: RawRequest): Promise<{ status: number; headers: Headers; body: string }>;
}
