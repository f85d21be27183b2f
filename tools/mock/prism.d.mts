// Types of prism.mjs for the TypeScript tests and examples that start a mock.
export declare const bundledSpec: string;
export declare function freePort(host?: string): Promise<number>;
export declare function startPrism(options?: {
  port?: number;
  host?: string;
  spec?: string;
  upstream?: string;
  errors?: boolean;
  dynamic?: boolean;
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}): Promise<{ url: string; port: number; pid: number; stop(): Promise<void> }>;
