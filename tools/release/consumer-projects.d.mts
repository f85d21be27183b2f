export function cleanEnv(): Record<string, string | undefined>;
export function npmInstall(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; timeout?: number }): Promise<string>;
