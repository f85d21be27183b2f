// The form the console opens with, and the link that carries it: a link round-trips every value the
// form sends (reserved characters, unicode, repeated values) and the console's settings, and never a
// credential.
import { describe, expect, it } from 'vitest';
import { exampleState, LINK_KEYS, PAGE_TARGET, readShareLink, shareLink, withoutShareLink } from '../../console/form-state';
import { consoleOperations } from '../../console/operations';
import { readSpec } from '../support/paths';

const spec = readSpec();
const operations = consoleOperations(spec);
const byId = (operationId: string) => operations.find((operation) => operation.operationId === operationId)!;
const PAGE = 'https://merchant-ordering.github.io/toolkit/#/payments/listpayments';

describe('the form', () => {
  it("opens with each parameter's first named example and the sandbox's credentials, sending to the page", () => {
    const state = exampleState(spec, byId('listPayments'));
    expect(state.values.statuses).toEqual(spec.components.parameters.Statuses.examples.both.value);
    expect(state.values.fromCreatedDate).toEqual([spec.components.parameters.FromCreatedDate.examples.plusOffset.value]);
    expect(state.values.limit).toBeUndefined(); // no named example: its default applies
    expect(state).toMatchObject({ credentials: { merchantId: '32', secretKey: 'abcdefgh' }, target: PAGE_TARGET, arrays: 'repeat', plus: 'encoded' });
  });
});

describe('the share link', () => {
  it('round-trips every value the form sends, reserved characters and unicode included', () => {
    const state = exampleState(spec, byId('listPayments'));
    state.values.merchantReferences = ['order 1&2', 'A+B', 'Café-№5', '100% #1 ?x=y'];
    state.values.limit = ['5'];
    const link = shareLink(state, PAGE, byId(state.operationId));
    expect(new URL(link).hash).toBe('#/payments/listpayments');
    expect(readShareLink(link, operations)).toEqual(state);
  });

  it('carries the target and the encodings of a worked mistake', () => {
    const state = { ...exampleState(spec, byId('getConfiguration')), target: 'http://127.0.0.1:4010', arrays: 'brackets' as const, plus: 'raw' as const };
    const link = shareLink(state, PAGE, byId(state.operationId));
    expect(new URL(link).searchParams.get(LINK_KEYS.target)).toBe('http://127.0.0.1:4010');
    expect(readShareLink(link, operations)).toEqual(state);
  });

  it('lists the parameters in the operation’s order, whatever order the form filled them in', () => {
    const state = exampleState(spec, byId('listPayments'));
    const typedFirst = { ...state, values: { limit: ['5'], ...state.values } };
    const typedLast = { ...state, values: { ...state.values, limit: ['5'] } };
    expect(shareLink(typedFirst, PAGE, byId('listPayments'))).toBe(shareLink(typedLast, PAGE, byId('listPayments')));
  });

  it('gives exactly its values: a parameter cleared in the form stays cleared, no example is merged back', () => {
    const state = exampleState(spec, byId('listPayments'));
    delete state.values.statuses;
    state.values.tokens = [];
    const opened = readShareLink(shareLink(state, PAGE, byId(state.operationId)), operations)!;
    expect(opened.values.statuses).toBeUndefined();
    expect(opened.values.tokens).toBeUndefined();
  });

  it('never carries credentials: the reader who opens it gets the sandbox’s', () => {
    const state = exampleState(spec, byId('listPayments'));
    state.credentials = { merchantId: '60032000', secretKey: 'a-real-looking-secret' };
    const link = shareLink(state, PAGE, byId(state.operationId));
    expect(link).not.toContain('60032000');
    expect(link).not.toContain('a-real-looking-secret');
    expect(readShareLink(link, operations)!.credentials).toEqual({ merchantId: '32', secretKey: 'abcdefgh' });
  });

  it('ignores what the operation does not have, a second value of a scalar and unknown settings', () => {
    const link = `${PAGE.split('#')[0]}?try=listPayments&limit=5&limit=6&nope=1&include=publicid&try-arrays=semicolons&try-plus=maybe`;
    expect(readShareLink(link, operations)).toMatchObject({ values: { limit: ['5'] }, arrays: 'repeat', plus: 'encoded' });
    expect(readShareLink(`${PAGE}?try=deletePayment`, operations)).toBeNull();
    expect(readShareLink(PAGE, operations)).toBeNull();
  });

  it('is taken out of the address bar when the console closes, the route and other parameters kept', () => {
    const link = shareLink(exampleState(spec, byId('listPayments')), 'https://example.test/toolkit/?theme=dark#/payments/listpayments', byId('listPayments'));
    expect(withoutShareLink(link, operations)).toBe('https://example.test/toolkit/#/payments/listpayments');
    expect(withoutShareLink('https://example.test/toolkit/?theme=dark&statuses=x#/a', operations)).toBe(
      'https://example.test/toolkit/?theme=dark&statuses=x#/a',
    );
  });

  it("keys the console's own settings apart from every parameter of the description", () => {
    const names = operations.flatMap(({ query }) => query.map(({ name }) => name));
    expect(names.filter((name) => name === 'try' || name.startsWith('try-'))).toEqual([]);
  });
});
