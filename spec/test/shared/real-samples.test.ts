// Responses recorded from the real service by public projects validate against the description:
// every v2 body in the team's reference folder (reference/real-samples, see folder.mjs), checked
// against the schema for what it is (a Payment, a refund, a page, a configuration, an Error, Ping's
// text). Bodies of other operations and versions are left out, each for a reason that test/README.md
// writes down. The samples are read here
// at test time and never copied into the repository; an empty or missing folder fails these tests
// (run.mjs skips them in one line before that when the folder is absent and not required).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '@merchant-ordering/test-kit/json-schema';
import { loadBundle } from '../support/load-bundle';
import { tableStartingWith } from '../support/markdown';
import { specDir } from '../support/paths';
import { classify, readRealSamples } from '../support/real-samples';
import { realSamplesDir } from './folder.mjs';

const spec = loadBundle();
const validator = schemaValidator(spec);
const judged = readRealSamples(realSamplesDir).map((sample) => ({ ...sample, verdict: classify(spec, sample) }));
const validated = judged.flatMap(({ file, body, verdict }) => ('schema' in verdict ? [{ file, body, ...verdict }] : []));
const leftOut = judged.flatMap(({ file, verdict }) => ('leftOut' in verdict ? [{ file, reason: verdict.leftOut }] : []));

describe('real samples recorded from the service', () => {
  it("are there, in the reference folder's reference/real-samples, with SOURCES.md", () => {
    expect(existsSync(join(realSamplesDir, 'SOURCES.md')), `${realSamplesDir}/SOURCES.md is missing`).toBe(true);
    expect(judged.length, `no samples in ${realSamplesDir}`).toBeGreaterThan(0);
  });

  it('include Payments answered by find, auth, capture and void, a refund, a page, configurations and error bodies', () => {
    const whats = validated.map(({ what }) => what);
    for (const answer of ['GET /v2/payments/{orderId})', 'POST /v2/payments/auth)', '/capture)', '/void)'])
      expect(
        whats.some((what) => what.startsWith('a Payment') && what.endsWith(answer)),
        `a Payment from ${answer}`,
      ).toBe(true);
    for (const kind of ['a refund', 'a page of payments', 'a configuration', 'an HTTP 401 error body', 'an HTTP 404 error body'])
      expect(
        whats.some((what) => what.startsWith(kind)),
        kind,
      ).toBe(true);
  });

  it.each(validated.map((sample) => [sample.file, sample.what, sample] as const))('%s: %s, valid against the description', (_file, _what, { schema, body }) => {
    expect(validator.validate(schema, body).errors).toBe('');
  });

  it('the samples left out are exactly those test/README.md lists, for the reasons it gives', () => {
    const readme = readFileSync(join(specDir, 'test/README.md'), 'utf8');
    const listed = tableStartingWith(readme, 'sample left out').rows.map((row) => ({
      file: row['sample left out'].replace(/`/g, ''),
      reason: row['why'],
    }));
    expect(listed).toEqual(leftOut);
  });
});
