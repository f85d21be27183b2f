// Types for the workspace's JavaScript tools the tests use (release gates, packing, tarballs).
declare module '@merchant-ordering/tools/release/package-gates.mjs' {
  export function describeEsmOnlyGates(packageDir: string): void;
}
declare module '@merchant-ordering/tools/release/pack.mjs' {
  export function packPackage(dir: string, destination: string): Promise<{ name: string; version: string; tarball: string }>;
}
declare module '@merchant-ordering/tools/release/consumer-projects.mjs' {
  export function cleanEnv(): Record<string, string | undefined>;
  export function npmInstall(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; timeout?: number }): Promise<string>;
}
declare module '@merchant-ordering/tools/release/tarball.mjs' {
  export function readPackedManifest(path: string): { version: string; dependencies?: Record<string, string> } & Record<string, unknown>;
}
