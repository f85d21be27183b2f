// Types for the workspace's JavaScript tools the tests use (the contract kit and process helpers).
declare module '@merchant-ordering/tools/contract/spec-document.mjs' {
  export function loadSpec(path?: string): any;
  export function findOperation(doc: any, method: string, path: string): any;
}
declare module '@merchant-ordering/tools/contract/schema-validator.mjs' {
  export function createSchemaValidator(doc: any): { validate(pointer: string, value: unknown): { valid: boolean; errors: any[] } };
}
declare module '@merchant-ordering/tools/contract/response-check.mjs' {
  export function checkResponse(operation: any, response: { status: number; headers: Record<string, string>; body: string }, validator: any): Array<{ kind: string; location: string; message: string }>;
}
declare module '@merchant-ordering/tools/contract/verify.mjs' {
  export function verify(options: { baseUrl: string; credentials: { merchantId: string; secretKey: string } }): Promise<{
    run: { violationCount: number; results: Array<{ name: string; status?: number; violations: Array<{ message: string }> }> };
    report: string;
  }>;
}
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
}
