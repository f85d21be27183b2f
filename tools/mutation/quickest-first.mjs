// The order in which a mutant's covering test files run. Stryker stops a mutant's run at its first
// failing test, so the sooner a failing test runs, the cheaper the kill. vitest's own order runs the
// longest file first, for a whole suite's wall time; here a file that failed last time (it likely
// killed a mutant of the same code) runs first, then the quickest, by the duration vitest keeps per
// file from the worker's earlier runs.
import { relative } from 'node:path';

export class QuickestFirst {
  constructor(ctx) {
    this.ctx = ctx;
  }

  // One Stryker worker runs one vitest: nothing to shard.
  shard(files) {
    return files;
  }

  sort(files) {
    const last = (file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`);
    const rank = (file) => {
      const result = last(file);
      return result ? [result.failed ? 0 : 1, result.duration] : [1, Number.POSITIVE_INFINITY];
    };
    return files
      .map((file) => ({ file, rank: rank(file) }))
      .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1])
      .map(({ file }) => file);
  }
}
