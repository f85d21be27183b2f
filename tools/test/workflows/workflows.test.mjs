// The GitHub workflows (.github/workflows): every action pinned by commit SHA with its version, the
// least privilege each job needs, no token left behind by checkout, no untrusted checkout in
// pull_request_target, no secret echoed; and what each workflow is for. WORKFLOWS_DIR points the
// checks at another folder (e.g. a broken copy) to watch them fail.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../release/packages.mjs';
import { workflowProblems } from '../../workflow-lint/policy.mjs';

const dir = process.env.WORKFLOWS_DIR ?? join(repoRoot, '.github/workflows');
const files = readdirSync(dir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const text = (name) => readFileSync(join(dir, name), 'utf8');
const workflow = (name) => parse(text(name));

/** The job permissions of a workflow, by job id. */
const permissionsOf = (name) => Object.fromEntries(Object.entries(workflow(name).jobs).map(([id, job]) => [id, job.permissions]));

/** The shell lines a job runs, in order. */
const runsOf = (job) => job.steps.filter((step) => step.run).map((step) => step.run.trim());

describe('the workflows', () => {
  it('are ci.yml, release.yml, docs.yml and mutation.yml', () => {
    expect(files).toEqual(['ci.yml', 'docs.yml', 'mutation.yml', 'release.yml']);
  });

  it.each(files)('%s keeps the pinning and permission rules', (name) => {
    expect(workflowProblems(text(name), name)).toEqual([]);
  });

  it('pin each action to one commit and version everywhere', () => {
    const pins = {};
    for (const name of files) {
      for (const [, action, sha, version] of text(name).matchAll(/uses:\s*([\w.-]+\/[\w./-]+)@([0-9a-f]{40})\s*#\s*(v\S+)/g)) {
        (pins[action] ??= new Set()).add(`${sha} ${version}`);
      }
    }
    const conflicting = Object.entries(pins)
      .filter(([, seen]) => seen.size > 1)
      .map(([action, seen]) => `${action}: ${[...seen].join(' / ')}`);
    expect(conflicting).toEqual([]);
    expect(Object.keys(pins).sort()).toEqual([
      'actions/checkout',
      'actions/configure-pages',
      'actions/deploy-pages',
      'actions/setup-node',
      'actions/upload-pages-artifact',
      'changesets/action',
      'pnpm/action-setup',
    ]);
  });

  it('grant each job only what it needs: writes only to version, publish and deploy the docs', () => {
    const read = { contents: 'read' };
    expect(permissionsOf('ci.yml')).toEqual({ test: read, runtimes: read, generators: read });
    expect(permissionsOf('release.yml')).toEqual({
      version: { contents: 'write', 'pull-requests': 'write' },
      publish: { contents: 'write', 'id-token': 'write' },
      docs: { contents: 'read', pages: 'write', 'id-token': 'write' },
    });
    expect(permissionsOf('docs.yml')).toEqual({
      build: { contents: 'read', pages: 'read' },
      deploy: { pages: 'write', 'id-token': 'write' },
    });
    expect(permissionsOf('mutation.yml')).toEqual({ mutation: read });
  });
});

describe('mutation.yml', () => {
  const mutation = workflow('mutation.yml');

  it('runs nightly, or by hand', () => {
    expect(mutation.on).toEqual({ schedule: [{ cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) }], workflow_dispatch: null });
  });

  it('runs every mutant of each package of the runner in a job of its own, and writes the score to the summary even when it fails', async () => {
    const { PACKAGES } = await import('../../mutation/packages.mjs');
    const { strategy, steps } = mutation.jobs.mutation;
    expect(strategy).toEqual({ 'fail-fast': false, matrix: { package: PACKAGES.map(({ name }) => name) } });
    expect(runsOf(mutation.jobs.mutation)).toEqual([
      'bash tools/setup.sh',
      'pnpm test:mutation --force "$PACKAGE"',
      'node tools/mutation/summary.mjs "$PACKAGE" >> "$GITHUB_STEP_SUMMARY"',
    ]);
    expect(steps.at(-1).if).toBe('${{ !cancelled() }}');
  });
});

describe('ci.yml', () => {
  const ci = workflow('ci.yml');

  it('runs on pushes to main and on pull requests, cancelling superseded runs', () => {
    expect(ci.on).toEqual({ push: { branches: ['main'] }, pull_request: null });
    expect(ci.concurrency).toEqual({ group: expect.stringContaining('github.event.pull_request.number || github.ref'), 'cancel-in-progress': true });
  });

  it("runs the README's test command in a Debian container, which has Debian's chromium", () => {
    expect(ci.jobs.test.container).toMatch(/^node:\d+-bookworm$/);
    expect(runsOf(ci.jobs.test)).toEqual(['bash tools/setup.sh', 'pnpm test', 'pnpm check:mutation', 'pnpm test:consumers', 'pnpm test:typescript']);
  });

  it('runs the runtime matrix as one job per runtime: Node 20, 22 and 24, Bun, Deno and workerd', () => {
    expect(ci.jobs.runtimes.strategy.matrix.runtime).toEqual(['node20', 'node22', 'node24', 'bun', 'deno', 'workerd']);
    expect(runsOf(ci.jobs.runtimes)).toEqual(['pnpm install --frozen-lockfile', 'pnpm test:runtimes --only "$RUNTIME"']);
  });

  it('runs the generator matrix, oasdiff beside our breaking check, Schemathesis, then actionlint and zizmor, in the job that has Go and Python', () => {
    expect(runsOf(ci.jobs.generators)).toEqual([
      'pnpm install --frozen-lockfile',
      'bash tools/generators/setup.sh',
      'pnpm test:generators',
      'bash tools/breaking/setup.sh',
      'pnpm test:breaking',
      'bash tools/schemathesis/setup.sh',
      'pnpm test:schemathesis',
      'bash tools/workflow-lint/setup.sh',
      'pnpm lint:workflows',
    ]);
  });

  it('caches the pnpm store through setup-node', () => {
    for (const job of Object.values(ci.jobs)) {
      const setupNode = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
      expect(setupNode.with.cache).toBe('pnpm');
    }
  });
});

describe('release.yml', () => {
  const release = workflow('release.yml');

  it('runs only on pushes to main, one at a time, never cancelled', () => {
    expect(release.on).toEqual({ push: { branches: ['main'] } });
    expect(release.concurrency).toEqual({ group: 'release', 'cancel-in-progress': false });
    for (const id of ['version', 'publish']) expect(release.jobs[id].if).toContain("github.ref == 'refs/heads/main'");
  });

  it('opens or updates the Version Packages pull request with changesets', () => {
    const step = release.jobs.version.steps.find((candidate) => candidate.uses?.startsWith('changesets/action@'));
    expect(step.with).toEqual({ version: 'pnpm version-packages', title: 'Version Packages', commit: 'Version Packages' });
    expect(step.with.publish).toBeUndefined();
  });

  it('publishes once no changeset is pending, with npm trusted publishing and no npm token', () => {
    const { publish } = release.jobs;
    expect(publish.if).toContain("needs.version.outputs.hasChangesets == 'false'");
    const step = publish.steps.find((candidate) => candidate.uses?.startsWith('changesets/action@'));
    expect(step.with.publish).toBe('pnpm release');
    expect(Object.keys(step.env)).toEqual(['GITHUB_TOKEN', 'NPM_CONFIG_PROVENANCE']);
    expect(text('release.yml')).not.toMatch(/NPM_TOKEN\s*:|NODE_AUTH_TOKEN|secrets\./);
    expect(runsOf(publish).join('\n')).toContain('trusted publishing needs npm 11.5.1 or later');
  });

  it('deploys the docs through docs.yml when @merchant-ordering/spec was published', () => {
    const { docs } = release.jobs;
    expect(docs.uses).toBe('./.github/workflows/docs.yml');
    expect(docs.if).toBe(
      "needs.publish.outputs.published == 'true' && contains(fromJSON(needs.publish.outputs.publishedPackages).*.name, '@merchant-ordering/spec')",
    );
  });

  it('keeps dependency caches out of the jobs that build what is published', () => {
    for (const name of ['release.yml', 'docs.yml']) {
      for (const job of Object.values(workflow(name).jobs)) {
        for (const step of job.steps ?? []) {
          if (step.uses?.startsWith('actions/setup-node@')) expect(step.with).toMatchObject({ 'package-manager-cache': false });
          expect(step.with?.cache).toBeUndefined();
        }
      }
    }
  });
});

describe('docs.yml', () => {
  const docs = workflow('docs.yml');

  it('is called by release.yml, or run by hand', () => {
    expect(docs.on).toEqual({ workflow_call: null, workflow_dispatch: null });
  });

  it('builds the site and deploys packages/docs/dist with the official Pages actions, from main only', () => {
    const uses = Object.values(docs.jobs).flatMap((job) => job.steps.map((step) => step.uses?.split('@')[0]).filter(Boolean));
    expect(uses).toEqual(expect.arrayContaining(['actions/configure-pages', 'actions/upload-pages-artifact', 'actions/deploy-pages']));
    const upload = docs.jobs.build.steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload.with.path).toBe('packages/docs/dist');
    expect(runsOf(docs.jobs.build)).toContain('pnpm build');
    expect(docs.jobs.deploy.environment.name).toBe('github-pages');
    expect(docs.jobs.deploy.if).toBe("github.ref == 'refs/heads/main'");
  });
});

describe('a broken copy of ci.yml fails the rules', () => {
  const original = () => text('ci.yml');
  /** Replaces the first `from`, and fails if it is not there, so no broken copy passes by accident. */
  const broken = (from, to) => {
    const source = original();
    if (!source.includes(from)) throw new Error(`ci.yml no longer contains ${JSON.stringify(from)}`);
    return source.replace(from, to);
  };
  const CHECKOUT = 'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1';

  it.each([
    ['an action pinned by tag', () => broken(CHECKOUT, 'actions/checkout@v7'), 'actions/checkout@v7 is not pinned by a full 40-character commit SHA'],
    ['an action pinned by a short SHA', () => broken(CHECKOUT, 'actions/checkout@3d3c42e # v7.0.1'), 'is not pinned by a full 40-character commit SHA'],
    ['a SHA without its version comment', () => broken(CHECKOUT, CHECKOUT.replace(' # v7.0.1', '')), 'has no version comment (# vX.Y.Z)'],
    [
      'a job without permissions',
      () => broken('    container: node:24-bookworm\n    permissions:\n      contents: read\n', '    container: node:24-bookworm\n'),
      'job test: declares no permissions',
    ],
    [
      'write-all',
      () => broken('permissions:\n  contents: read\n', 'permissions: write-all\n'),
      'the workflow\'s default must be exactly `contents: read`, found "write-all"',
    ],
    ['write-all on a job', () => broken('    permissions:\n      contents: read\n', '    permissions: write-all\n'), 'job test: permissions: write-all'],
    [
      'a write without a reason',
      () => broken('    permissions:\n      contents: read\n', '    permissions:\n      contents: write\n'),
      'job test: contents: write has no comment',
    ],
    [
      'pull_request_target checking out the pull request',
      () =>
        broken('  pull_request:\n', '  pull_request_target:\n').replace(
          'persist-credentials: false\n',
          'persist-credentials: false\n          ref: ${{ github.event.pull_request.head.sha }}\n',
        ),
      "checks out the pull request's code (ref: ${{ github.event.pull_request.head.sha }}) in a pull_request_target workflow",
    ],
    ['checkout keeping its token', () => broken('          persist-credentials: false\n', ''), 'without `persist-credentials: false`'],
    [
      'a secret in a script',
      () => broken('      - run: pnpm test\n', '      - run: pnpm test --token "${{ secrets.NPM_TOKEN }}"\n'),
      'a secret is expanded into the script',
    ],
    [
      'a script echoing a secret',
      () => broken('      - run: pnpm test\n', '      - run: echo "$TOKEN"\n        env:\n          TOKEN: ${{ secrets.NPM_TOKEN }}\n'),
      'the script prints $TOKEN, which holds a secret',
    ],
  ])('%s', (_, makeCopy, problem) => {
    const problems = workflowProblems(makeCopy(), 'ci.yml');
    expect(problems.join('\n')).toContain(problem);
  });
});
