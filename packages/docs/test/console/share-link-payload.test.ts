// Issue 26.4: a share link whose try-target carried code made the TypeScript sample run it. The
// target must be an origin with a plain path, and whatever reaches a sample is one string literal.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exampleState, readShareLink } from '../../console/form-state';
import { consoleOperations } from '../../console/operations';
import { buildRequest } from '../../console/request';
import { rewrittenSamples } from '../../console/samples';
import { localTarget, realServiceDomains } from '../../console/targets';
import { HOSTILE_TARGET } from '../../scripts/hostile-values.mjs';
import { readSampleTemplates } from '../../scripts/sample-templates.mjs';
import { readSpec } from '../support/paths';

const spec = readSpec();
const operations = consoleOperations(spec);
const domains = realServiceDomains(spec);
const templates = readSampleTemplates();

describe('a share link whose try-target carries code', () => {
  it('is read, but its target is refused before anything is sent or shown', () => {
    const link = `https://example.test/toolkit/?try=listPayments&try-target=${encodeURIComponent(HOSTILE_TARGET)}`;
    const state = readShareLink(link, operations)!;
    expect(state.target).toBe(HOSTILE_TARGET);
    expect(localTarget(state.target, domains)).toMatchObject({ ok: false, problem: expect.stringContaining('plain path') });
  });

  it.each([
    "http://127.0.0.1:4010/'+x+'",
    'http://127.0.0.1:4010/a"b',
    'http://127.0.0.1:4010/a`b',
    'http://127.0.0.1:4010/${x}',
    'http://127.0.0.1:4010/a%27b',
    'http://127.0.0.1:4010/a\\b',
    'http://127.0.0.1:4010/a(b)',
    'http://127.0.0.1:4010/a;b',
    'http://127.0.0.1:4010/a b',
  ])('refuses %s: a base URL is an origin and a plain path', (url) => {
    expect(localTarget(url, domains)).toMatchObject({ ok: false, problem: expect.stringContaining('plain path') });
  });

  it.each(['http://127.0.0.1:4010/sandbox', 'http://localhost:4010/a/b-c_d.e~f/', 'https://127.0.0.1:8443'])('accepts %s', (url) => {
    expect(localTarget(url, domains).ok).toBe(true);
  });
});

describe('the TypeScript sample, given a base URL that is not plain', () => {
  it('holds it as one string literal whose value is the text itself, whatever it holds', () => {
    const listPayments = operations.find(({ operationId }) => operationId === 'listPayments')!;
    const state = exampleState(spec, listPayments, HOSTILE_TARGET);
    const sent = buildRequest(listPayments, state, HOSTILE_TARGET);
    const { TypeScript } = rewrittenSamples(spec, listPayments, state, sent, templates, HOSTILE_TARGET);
    const file = ts.createSourceFile('sample.ts', TypeScript, ts.ScriptTarget.ES2022, true);
    const fallbacks: ts.Node[] = [];
    const calls: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'baseUrl' && ts.isBinaryExpression(node.initializer)) fallbacks.push(node.initializer.right);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) calls.push(node.getText());
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(calls).toEqual([]);
    expect(fallbacks).toHaveLength(1);
    expect(ts.isStringLiteral(fallbacks[0]!) && fallbacks[0].text).toBe(HOSTILE_TARGET);
  });
});
