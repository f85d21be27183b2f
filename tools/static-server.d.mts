export function serveStatic(options: { root: string; port?: number; host?: string; prefix?: string }): Promise<{
  url: string;
  port: number;
  close: () => Promise<void>;
}>;
