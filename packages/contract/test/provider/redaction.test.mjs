// The credentials never reach what the verifier prints: a server echoes them back, in every form, in
// fields that fail the schema, in a header and in a body that is not JSON, and the report, the JSON
// output and the error lines name the violations without them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoedForms, startEchoingServer } from '../fixtures/echoing-server.mjs';
import { runContract } from '../helpers/contract-cli.mjs';

// A secret whose every form differs from every other: its base64 has `+`, `/` and `=` (so base64url
// and unpadded base64 differ), it has characters that JSON escapes (`"`, `\`) and that URL encoding
// escapes with letters in the hex (`/` is %2F, `\` is %5C), and a non-ASCII one.
const MERCHANT_ID = '600032000';
const SECRET_KEY = 's3cr/t+k?y~"\\ é';

/** Every printable form of credentials: as echoed, and as a JSON report would escape each. */
function formsOf(merchantId, secretKey) {
  const echoed = echoedForms(`Basic ${Buffer.from(`${merchantId}:${secretKey}`).toString('base64')}`);
  const forms = {};
  for (const [name, form] of Object.entries(echoed)) {
    forms[name] = form;
    forms[`${name}, JSON-escaped`] = JSON.stringify(form).slice(1, -1);
  }
  return forms;
}

/** The names of the forms found in `text`, whole or by their first 64 characters (a report cuts long values). */
const leaked = (forms, text) =>
  Object.entries(forms)
    .filter(([, form]) => text.includes(form.slice(0, 64)))
    .map(([name]) => name);

const verifyCli = (baseUrl, env, ...args) => runContract(['verify', '--base-url', baseUrl, ...args], env);

let server;
beforeAll(async () => {
  server = await startEchoingServer();
});
afterAll(() => server?.close());

describe('credentials echoed by the server under test', () => {
  const forms = formsOf(MERCHANT_ID, SECRET_KEY);
  const env = { MERCHANT_ID, SECRET_KEY };

  it('the test secret gives a different text in every form', () => {
    const echoed = Object.values(echoedForms(`Basic ${Buffer.from(`${MERCHANT_ID}:${SECRET_KEY}`).toString('base64')}`));
    expect(new Set(echoed).size).toBe(echoed.length);
    expect(forms['the secret key, JSON-escaped']).not.toBe(forms['the secret key']);
  });

  it('are in no line of the report, which still names every violation', async () => {
    const { code, stdout, stderr } = await verifyCli(server.url, env);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    const violations = stdout
      .split('\n')
      .filter((line) => line.startsWith('       '))
      .map((line) => line.trim());
    const lineOf = (start) => violations.find((line) => line.startsWith(start)) ?? `no line starts with ${start}`;
    expect(lineOf('header Content-Type: is not documented for 200')).toMatch(/; value "text\/html; echo=.*\[REDACTED\].*also=.*\[REDACTED\]/);
    expect(lineOf('body (root): is not valid JSON')).toMatch(/; value "<html><pre>Authorization: .*\[REDACTED\]/);
    expect(lineOf('body /totalResults: must be integer')).toMatch(/; value ".*\[REDACTED\]"$/);
    expect(lineOf('body /results/14: must have required property "id"')).toMatch(/; value \{".*\[REDACTED\]":"a property named after the credentials"\}$/);
    expect(lineOf('body /results/13/created')).toMatch(/; value "line\\n\[REDACTED\]\\ttab"$/);
    // Each of the 13 forms, in a created date-time.
    const redactedDates = violations
      .map((line) => /^body \/results\/(\d+)\/created: must match format "date-time"; .*; value ".*\[REDACTED\]"$/.exec(line)?.[1])
      .filter(Boolean);
    expect(new Set(redactedDates)).toEqual(new Set(Object.keys(echoedForms('Basic eA==')).map((_, index) => String(index))));
    expect(leaked(forms, stdout)).toEqual([]);
  });

  it('are nowhere in the JSON output (--json) or the JUnit file (--junit), in XML-escaped forms either', async () => {
    const junit = join(mkdtempSync(join(tmpdir(), 'redaction-')), 'report.xml');
    const { code, stdout } = await verifyCli(server.url, env, '--json', '--junit', junit);
    expect(code).toBe(1);
    const run = JSON.parse(stdout);
    expect(run.violationCount).toBeGreaterThan(15);
    expect(leaked(forms, stdout)).toEqual([]);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('[REDACTED]');
    const xmlForms = Object.fromEntries(
      Object.entries(forms).map(([name, form]) => [
        `${name}, XML-escaped`,
        form.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'),
      ]),
    );
    expect(leaked({ ...forms, ...xmlForms }, xml)).toEqual([]);
    rmSync(dirname(junit), { recursive: true, force: true });
  });

  // Redacted after escaping, `&quot;` would become `&[REDACTED];`, which no XML parser reads.
  it.each(['quot', 'amp', 'lt', 'gt', 'apos', '#10', '#9', 'x'])(
    'leave the JUnit file well-formed XML for a short secret that is part of an escape: %s',
    async (secret) => {
      const junit = join(mkdtempSync(join(tmpdir(), 'redaction-')), 'report.xml');
      const { code } = await verifyCli(server.url, { MERCHANT_ID, SECRET_KEY: secret }, '--junit', junit);
      expect(code).toBe(1);
      const xml = readFileSync(junit, 'utf8');
      rmSync(dirname(junit), { recursive: true, force: true });
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(xml).toContain('[REDACTED]');
    },
  );

  it('hold at the longest supported length, 1,024 characters each', async () => {
    const long = { MERCHANT_ID: 'm'.repeat(1024), SECRET_KEY: `${SECRET_KEY}${'k'.repeat(1024 - SECRET_KEY.length)}` };
    const { code, stdout, stderr } = await verifyCli(server.url, long, '--json');
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(leaked(formsOf(long.MERCHANT_ID, long.SECRET_KEY), stdout)).toEqual([]);
  });

  it('hold for a merchant ID outside Latin-1, which reaches the server (its User-Agent percent-encodes it)', async () => {
    const unicode = { MERCHANT_ID: 'merchant-€-北', SECRET_KEY };
    const { code, stdout, stderr } = await verifyCli(server.url, unicode);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(stdout).toContain('body /totalResults: must be integer');
    expect(leaked(formsOf(unicode.MERCHANT_ID, SECRET_KEY), stdout)).toEqual([]);
  });

  it.each([
    ['MERCHANT_ID', 1025],
    ['SECRET_KEY', 1025],
    ['MERCHANT_ID', 100_000],
  ])('%s of %i characters: one line naming it, exit 2, nothing sent', async (name, length) => {
    const env = { MERCHANT_ID, SECRET_KEY, [name]: 'x'.repeat(length) };
    const { code, stdout, stderr } = await verifyCli(server.url, env);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `merchant-ordering-contract: ${name} is ${length} characters long; at most 1024 are supported\n`,
    });
  });
});
