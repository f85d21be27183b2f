#!/usr/bin/env node
// `pnpm test:breaking`: oasdiff next to our own breaking-change check (packages/contract). Needs Go 1.26
// and `bash tools/breaking/setup.sh`, so it runs in the generator job, not in `pnpm test`.
//   1. The gate: oasdiff on spec/released/openapi.json against the working description
//      (spec/dist/openapi.json), held to the release rule of ours: an ERR-level change needs a major
//      bump of info.version and its operation named in the CHANGELOG's section of that version.
//   2. The measurement: both checkers on every case of corpus.mjs, a table of what each found, and a
//      failure when ours misses a breaking change or flags a harmless one (oasdiff's own misses and
//      false alarms are reported, not failed: they are the reason ours is kept).
// Its last line, "Breaking-change checks: N passed, M failed", is what .ci/run adds to its totals.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, readCommandLine } from '../command-line.mjs';
import { renderTable } from '../text-table.mjs';
import { CORPUS, descriptionsOf } from './corpus.mjs';

readCommandLine({
  command: 'pnpm test:breaking',
  usage: `usage: pnpm test:breaking

Builds the spec, then runs oasdiff on spec/released against the working description, held to our release
rule, and measures oasdiff and our breaking-change check on the corpus (tools/breaking/README.md).
Needs Go 1.26 and \`bash tools/breaking/setup.sh\` first.

  --version   the version of the API description
  -h, --help  this text`,
});
await build(['bundle', 'build', '--filter=@merchant-ordering/spec', '--filter=@merchant-ordering/contract', '--output-logs=errors-only']);
// Imported once the spec is bundled: the contract kit reads its description.
const { changelogSection, findChanges } = await import('@merchant-ordering/contract');

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const released = join(repo, 'spec/released/openapi.json');
const current = join(repo, 'spec/dist/openapi.json');
const GO_BIN = '/usr/local/go/bin';
const scratch = mkdtempSync(join(tmpdir(), 'breaking-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** oasdiff's findings as { id, level: 'ERR' | 'WARN' | 'INFO', operation: 'GET /path', text }. */
function oasdiff(basePath, headPath, extraArguments = []) {
  const output = execFileSync('go', ['tool', 'oasdiff', 'changelog', basePath, headPath, '--format', 'json', '--level', 'info', ...extraArguments], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'local', GOFLAGS: '-mod=readonly', PATH: `${GO_BIN}:${process.env.PATH}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const levels = { 3: 'ERR', 2: 'WARN', 1: 'INFO' };
  return (JSON.parse(output || '[]') ?? []).map((change) => ({
    id: change.id,
    level: levels[change.level] ?? String(change.level),
    operation: `${change.operation} ${change.path}`,
    text: change.text,
  }));
}

let passed = 0;
let failed = 0;
const verdict = (ok, line) => {
  ok ? passed++ : failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'}: ${line}`);
};

// 1. The gate on the working description.
const releasedDoc = JSON.parse(readFileSync(released, 'utf8'));
const currentDoc = JSON.parse(readFileSync(current, 'utf8'));
const changelog = readFileSync(join(repo, 'spec/CHANGELOG.md'), 'utf8');
// Reviewed false alarms are oasdiff's own ignore file (oasdiff-err-ignore.txt).
const gate = oasdiff(released, current, ['--err-ignore', join(here, 'oasdiff-err-ignore.txt')]);
const errors = gate.filter((change) => change.level === 'ERR');
const major = (doc) => Number(String(doc.info?.version).split('.')[0]);
const bumped = major(currentDoc) > major(releasedDoc);
console.log(
  `oasdiff: spec/released (${releasedDoc.info.version}) -> working description (${currentDoc.info.version}): ${errors.length} ERR, ${gate.filter((c) => c.level === 'WARN').length} WARN, ${gate.filter((c) => c.level === 'INFO').length} INFO`,
);
for (const change of gate.filter((c) => c.level !== 'INFO')) console.log(`  ${change.level} ${change.operation} [${change.id}] ${change.text}`);
if (errors.length === 0) verdict(true, 'oasdiff finds no breaking change against the released copy');
else if (!bumped) verdict(false, `oasdiff finds ${errors.length} breaking change(s) and info.version's major did not rise`);
else {
  const section = changelogSection(changelog, currentDoc.info.version) ?? '';
  const unnamed = [...new Set(errors.map((change) => change.operation))].filter((operation) => !section.includes(operation));
  verdict(
    unnamed.length === 0,
    unnamed.length
      ? `the CHANGELOG's ${currentDoc.info.version} section does not name ${unnamed.join(', ')}, which oasdiff finds broken`
      : `oasdiff's ${errors.length} breaking change(s) come with a major bump (${releasedDoc.info.version} -> ${currentDoc.info.version}) and each operation in the CHANGELOG`,
  );
}

// 2. The corpus.
const rows = [];
for (const testCase of CORPUS) {
  const { base, head } = descriptionsOf(testCase, currentDoc);
  const basePath = join(scratch, `${testCase.id}.base.json`);
  const headPath = join(scratch, `${testCase.id}.head.json`);
  writeFileSync(basePath, JSON.stringify(base));
  writeFileSync(headPath, JSON.stringify(head));
  const ours = [
    ...new Set(
      findChanges(base, head)
        .filter((change) => change.breaking)
        .map((change) => change.kind),
    ),
  ];
  const theirs = oasdiff(basePath, headPath);
  const theirErrors = [...new Set(theirs.filter((change) => change.level === 'ERR').map((change) => change.id))];
  const theirWarnings = [...new Set(theirs.filter((change) => change.level === 'WARN').map((change) => change.id))];
  rows.push({
    ...testCase,
    ours,
    theirErrors,
    theirWarnings,
    oursRight: ours.length > 0 === testCase.breaking,
    theirsRight: theirErrors.length > 0 === testCase.breaking,
  });
}
const mark = (found, right) => `${found ? 'breaking' : '—'}${right ? '' : ' ✗'}`;
console.log(
  `\n${renderTable(
    [
      { title: 'change', value: (row) => row.id, align: 'left' },
      { title: 'source', value: (row) => row.source, align: 'left' },
      { title: 'is', value: (row) => (row.breaking ? 'breaking' : 'not breaking'), align: 'left' },
      { title: 'ours', value: (row) => mark(row.ours.length > 0, row.oursRight), align: 'left' },
      {
        title: 'oasdiff',
        value: (row) => mark(row.theirErrors.length > 0, row.theirsRight) + (row.theirWarnings.length && !row.theirErrors.length ? ' (WARN)' : ''),
        align: 'left',
      },
      { title: 'ours: kinds', value: (row) => row.ours.join(', '), align: 'left' },
      { title: 'oasdiff: ERR (WARN)', value: (row) => [...row.theirErrors, ...row.theirWarnings.map((id) => `(${id})`)].join(', '), align: 'left' },
    ],
    rows,
  )}\n`,
);

const breakingCases = rows.filter((row) => row.breaking);
const harmless = rows.filter((row) => !row.breaking);
const count = (list, key) => list.filter((row) => row[key]).length;
console.log(`${rows.length} changes (${breakingCases.length} breaking, ${harmless.length} not):`);
console.log(
  `  ours:    found ${breakingCases.filter((row) => row.ours.length).length}/${breakingCases.length} breaking, ${harmless.filter((row) => row.ours.length).length} false alarm(s)`,
);
console.log(
  `  oasdiff: found ${breakingCases.filter((row) => row.theirErrors.length).length}/${breakingCases.length} breaking as ERR (${breakingCases.filter((row) => !row.theirErrors.length && row.theirWarnings.length).length} more as WARN), ${harmless.filter((row) => row.theirErrors.length).length} false alarm(s)`,
);
const oasdiffOnly = rows.filter((row) => row.theirErrors.length && !row.ours.length);
console.log(
  `  oasdiff ERR where ours finds nothing: ${oasdiffOnly.map((row) => `${row.id} (${row.breaking ? 'breaking: ours must catch it' : 'not breaking'})`).join(', ') || 'none'}`,
);
verdict(
  count(rows, 'oursRight') === rows.length,
  `ours is right on ${count(rows, 'oursRight')}/${rows.length} changes${rows
    .filter((row) => !row.oursRight)
    .map((row) => `; wrong on ${row.id}`)
    .join('')}`,
);
console.log(`\nBreaking-change checks: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
