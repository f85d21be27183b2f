// Helpers for the address (contact) record, published as `@merchant-ordering/client/contact` so that
// the main entry stays within its size budget. Every rule comes from the generated `contactRules`
// (required fields, lengths, patterns and the country table of the spec), never a second copy.
import { ValidationError } from './errors.js';
import { contactRules } from './generated/contact-rules.js';
import type { components } from '@merchant-ordering/types';
import { isRecord } from './validate.js';

export type Contact = components['schemas']['Contact'];
export type ContactField = keyof typeof contactRules.fields;
/** Input to buildContact: optional fields may be left undefined, null, empty or blank. */
export type ContactInput = { [K in ContactField]?: string | null | undefined };
export type ContactRule = 'required' | 'type' | 'maxLength' | 'pattern' | 'notAllowed' | 'unknown';
export interface ContactProblem {
  field: string;
  rule: ContactRule;
  message: string;
}
/** Countries whose meaning of area1, area2 and region the spec records. */
export type CountryWithLabels = keyof typeof contactRules.countryFields;
/** What area1, area2 and region mean in a country; `area2: null` means the country does not use it. */
export interface ContactFieldLabels {
  area1: string;
  area2: string | null;
  region: string;
}

const FIELDS = Object.keys(contactRules.fields) as ContactField[];
const REQUIRED: readonly string[] = contactRules.required;
const PATTERN_HINTS: Partial<Record<ContactField, string>> = {
  countryCode: 'two uppercase letters',
  phoneNumber: 'in E.123 format, e.g. +61 3 9123 4567',
};

const unused = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/** Every problem with a contact record, each with its field and rule; empty when the record is valid. */
export function validateContact(contact: unknown): ContactProblem[] {
  if (!isRecord(contact)) return [{ field: 'contact', rule: 'type', message: 'contact must be an object' }];
  const problems: ContactProblem[] = [];
  const add = (field: string, rule: ContactRule, message: string) => problems.push({ field, rule, message });
  for (const field of FIELDS) {
    const value = contact[field];
    const rules = contactRules.fields[field];
    if (unused(value)) {
      if (REQUIRED.includes(field)) add(field, 'required', `${field} is required`);
      continue;
    }
    if (typeof value !== 'string') {
      add(field, 'type', `${field} must be a string`);
      continue;
    }
    // Lengths count Unicode code points, as JSON Schema's maxLength does, not UTF-16 units.
    if ([...value].length > rules.maxLength) add(field, 'maxLength', `${field} must be at most ${rules.maxLength} characters`);
    if ('notAllowed' in rules && value === rules.notAllowed) {
      add(field, 'notAllowed', `${field} must not be ${value}${value === 'GB' ? ': write the United Kingdom as UK' : ''}`);
    } else if ('pattern' in rules && !new RegExp(rules.pattern).test(value)) {
      add(field, 'pattern', `${field} must be ${PATTERN_HINTS[field] ?? `like ${rules.pattern}`}`);
    }
  }
  for (const key of Object.keys(contact)) {
    if (!(FIELDS as string[]).includes(key)) add(key, 'unknown', `${key} is not a contact field`);
  }
  return problems;
}

/**
 * Builds the payload the API expects: known fields only, with unused optional fields (undefined, null,
 * empty or blank) left out rather than sent empty. Throws a ValidationError whose `problems` lists every one.
 */
export function buildContact(input: ContactInput): Contact {
  const problems = validateContact(input);
  const [first] = problems;
  if (first) throw new ValidationError(first.field, first.rule, problems.map((problem) => problem.message).join('; '), problems);
  const contact: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = input[field];
    if (!unused(value)) contact[field] = value as string;
  }
  return contact as Contact;
}

/** What area1, area2 and region mean in a country (from the spec's table), or undefined if it has no entry. */
export function contactFieldLabels(countryCode: CountryWithLabels): ContactFieldLabels;
export function contactFieldLabels(countryCode: string): ContactFieldLabels | undefined;
export function contactFieldLabels(countryCode: string): ContactFieldLabels | undefined {
  const table: Record<string, ContactFieldLabels> = contactRules.countryFields;
  return Object.hasOwn(table, countryCode) ? { ...table[countryCode]! } : undefined;
}
