export function startPrism(options?: { port?: number; spec?: string; errors?: boolean }): Promise<{
  url: string;
  port: number;
  stop(): Promise<void>;
}>;
