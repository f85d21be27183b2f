// Every row of `pnpm bench`, in the order of BENCHMARKS.md: the modules of this folder of these names (what a row is: ../README.md).
const IDS = ['wire', 'preparation', 'pagination', 'size', 'docs', 'pipeline', 'sandbox', 'in-process', 'cli-export', 'mcp'];
export const ROWS = await Promise.all(IDS.map(async (id) => (await import(`./${id}.mjs`)).default));
