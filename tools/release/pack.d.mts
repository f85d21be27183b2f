export function packPackage(dir: string, destination: string): Promise<{ name: string; version: string; tarball: string }>;
