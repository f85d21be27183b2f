// Today's docs page, to measure ours against in the same run: the docs site built from the newest
// commit of main (on its first-parent line) without the Try it console, or BENCH_DOCS_BASELINE_REF.
// Built once per commit in a clone (`pnpm install` from the store, `turbo run bundle build` for the
// docs and what they need) and kept in bench-output/docs-baseline/<commit>/.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputDir, repoRoot } from './paths.mjs';

/** Present in every docs site that has the console; the baseline is the newest commit without it. */
const CONSOLE_DIR = 'packages/docs/console';

export function baselineCommit(ref = process.env.BENCH_DOCS_BASELINE_REF) {
  const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  if (ref) return git('rev-parse', '--verify', `${ref}^{commit}`);
  for (const commit of git('rev-list', '--first-parent', 'main').split('\n')) {
    const hasConsole = spawnSync('git', ['cat-file', '-e', `${commit}:${CONSOLE_DIR}`], { cwd: repoRoot }).status === 0;
    if (!hasConsole) return commit;
  }
  throw new Error(`every commit of main has ${CONSOLE_DIR}; set BENCH_DOCS_BASELINE_REF`);
}

/** The baseline's built site folder; builds it first when this commit has none yet. */
export function baselineDocs({ commit = baselineCommit(), log = console.log } = {}) {
  const site = join(outputDir, 'docs-baseline', commit, 'dist');
  if (existsSync(join(site, 'index.html'))) return { commit, site };
  const clone = mkdtempSync(join(tmpdir(), 'merchant-bench-docs-baseline-'));
  const removeClone = () => rmSync(clone, { recursive: true, force: true });
  process.once('exit', removeClone);
  try {
    log(`  docs baseline: building the docs of ${commit.slice(0, 10)} (once; kept in bench-output/docs-baseline/)`);
    execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
    execFileSync('git', ['checkout', '--quiet', commit], { cwd: clone });
    const run = (command, args) => {
      const result = spawnSync(command, args, { cwd: clone, encoding: 'utf8', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' } });
      if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in the baseline clone:\n${`${result.stdout}${result.stderr}`.split('\n').slice(-15).join('\n')}`);
    };
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
    run(join(clone, 'node_modules/.bin/turbo'), ['run', 'bundle', 'build', '--filter=@merchant-ordering/docs...', '--output-logs=errors-only']);
    mkdirSync(join(site, '..'), { recursive: true });
    cpSync(join(clone, 'packages/docs/dist'), site, { recursive: true });
    return { commit, site };
  } finally {
    process.off('exit', removeClone);
    removeClone();
  }
}
