// Types of package-gates.mjs for the packages' tests, which reach it as @merchant-ordering/tools.
export function publintReport(packageDir: string): Promise<string>;
export function attwProblems(
  packageDir: string,
  options?: { ignoreRules?: string[] },
): Promise<Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>>;
export function describeEsmOnlyGates(packageDir: string, options?: { entries?: string[] }): void;
