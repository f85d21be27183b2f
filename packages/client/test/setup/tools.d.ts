// Types for the workspace's JavaScript tools used by the tests and the example.
declare module '@merchant-ordering/tools/mock/prism.mjs' {
  export function startPrism(options?: { port?: number; spec?: string; errors?: boolean }): Promise<{
    url: string;
    port: number;
    stop(): Promise<void>;
  }>;
}
