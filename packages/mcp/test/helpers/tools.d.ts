// Types for the workspace's JavaScript tool the package gates test uses.
declare module '@merchant-ordering/tools/release/package-gates.mjs' {
  export function describeEsmOnlyGates(packageDir: string): void;
}
