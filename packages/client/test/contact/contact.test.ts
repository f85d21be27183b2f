import { describe, expect, it } from 'vitest';
import { contactRules } from '../../src/generated/contact-rules.js';
import { buildContact, contactFieldLabels, validateContact, type ContactInput } from '../../src/contact.js';
import { ValidationError } from '../../src/index.js';
import { readVectors } from '../helpers/vectors.js';

const vectors = readVectors('contact.json');
const sorted = (problems: { field: string; rule: string }[]) => problems.map(({ field, rule }) => `${field}:${rule}`).sort();

describe('validateContact (spec/vectors/contact.json)', () => {
  it('has valid and invalid records', () => {
    expect(vectors.cases.some((c) => c.problems.length === 0)).toBe(true);
    expect(vectors.cases.some((c) => c.problems.length > 1)).toBe(true);
  });

  it.each(vectors.cases)('$name', ({ contact, problems }) => {
    const found = validateContact(contact);
    expect(sorted(found)).toEqual(sorted(problems));
    for (const problem of found) expect(problem.message).toContain(problem.field);
  });
});

describe('buildContact (spec/vectors/contact.json)', () => {
  it.each(vectors.cases.filter((c) => c.payload))('$name', ({ contact, payload }) => {
    const built = buildContact(contact as ContactInput);
    expect(built).toEqual(payload);
    expect(Object.keys(built)).toEqual(Object.keys(contactRules.fields).filter((field) => field in payload!));
  });

  it.each(vectors.cases.filter((c) => c.problems.length > 0 && !Array.isArray(c.contact)))('refuses: $name', ({ contact, problems }) => {
    let thrown: unknown;
    try {
      buildContact(contact as ContactInput);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(sorted([...(thrown as ValidationError).problems!])).toEqual(sorted(problems));
    expect((thrown as ValidationError).param).toBe((thrown as ValidationError).problems![0]!.field);
  });
});

describe('contact messages', () => {
  it('GB comes with the hint that the United Kingdom is written UK', () => {
    const [problem] = validateContact({ name: 'A', line1: 'B', area1: 'C', region: 'D', postcode: 'E', countryCode: 'GB' });
    expect(problem).toEqual({ field: 'countryCode', rule: 'notAllowed', message: 'countryCode must not be GB: write the United Kingdom as UK' });
  });

  it('a bad phone number names E.123', () => {
    const [problem] = validateContact({ name: 'A', line1: 'B', area1: 'C', region: 'D', postcode: 'E', countryCode: 'AU', phoneNumber: '555-1234' });
    expect(problem?.message).toContain('E.123');
  });
});

describe('contactFieldLabels', () => {
  it.each([
    ['AU', { area1: 'Suburb', area2: null, region: 'State' }],
    ['NZ', { area1: 'Town or City', area2: 'Suburb', region: 'Region' }],
    ['UK', { area1: 'Postal town', area2: 'Village or local area', region: 'County' }],
    ['US', { area1: 'City', area2: null, region: 'State' }],
    ['CA', { area1: 'City', area2: null, region: 'Province or Territory' }],
  ])('%s', (country, labels) => {
    expect(contactFieldLabels(country)).toEqual(labels);
  });

  it("reads every country from the spec's table (the generated contactRules), not a second copy", () => {
    for (const [country, labels] of Object.entries(contactRules.countryFields)) expect(contactFieldLabels(country)).toEqual(labels);
  });

  it('is undefined for a country the table does not cover, GB included', () => {
    expect(contactFieldLabels('DE')).toBeUndefined();
    expect(contactFieldLabels('GB')).toBeUndefined();
    expect(contactFieldLabels('toString')).toBeUndefined();
  });

  it('returns a copy, so callers cannot change the table', () => {
    const labels = contactFieldLabels('AU');
    labels.area1 = 'changed';
    expect(contactFieldLabels('AU').area1).toBe('Suburb');
  });
});
