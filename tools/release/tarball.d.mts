export function readPackedManifest(path: string): { version: string; dependencies?: Record<string, string> } & Record<string, unknown>;
