// Types for the workspace's JavaScript tools used by the tests and the example.
declare module '@merchant-ordering/tools/mock/prism.mjs' {
  export function startPrism(options?: { port?: number; spec?: string; errors?: boolean }): Promise<{
    url: string;
    port: number;
    stop(): Promise<void>;
  }>;
}

declare module '@merchant-ordering/tools/release/package-gates.mjs' {
  export function publintReport(packageDir: string): Promise<string>;
  export function attwProblems(packageDir: string, options?: { ignoreRules?: string[] }): Promise<Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>>;
}
