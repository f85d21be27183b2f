// §2.1 Address (contact) record: the field table and the country table, both parsed from the document.
import assert from 'node:assert/strict';
import { apiDocument } from '../support/api-document';
import type { OpenApi } from '../support/load-bundle';
import { componentSchema, pointerOf, propertiesOf, property, requiredOf } from '../support/spec-queries';
import { assertCarriesWords, assertInvalid, assertMentions, assertValid, sameMembers } from './checks';
import { statement, type SectionStatements } from './statement';

const fields = apiDocument.contactFields();
const fieldNames = fields.map((field) => field.field);
const optionalFields = fields.filter((field) => !field.required).map((field) => field.field);
const contactPointer = pointerOf('components', 'schemas', 'Contact');

/** A contact with only the required fields, each given a plausible value. */
const minimalContact = (): Record<string, string> =>
  Object.fromEntries(fields.filter((field) => field.required).map((field) => [field.field, field.field === 'countryCode' ? 'AU' : 'Sample']));

const contact = (spec: OpenApi) => componentSchema(spec, 'Contact').node;

export const contactRecordStatements: SectionStatements = {
  section: '2.1',
  statements: [
    statement(`the Contact record has exactly the table's ${fields.length} fields: ${fieldNames.join(', ')}`, (spec) => {
      sameMembers(Object.keys(propertiesOf(spec, contact(spec))), fieldNames, 'Contact fields');
    }),

    statement('all fields are strings', (spec) => {
      for (const [name, schema] of Object.entries(propertiesOf(spec, contact(spec)))) {
        assert.equal(schema.type, 'string', `Contact.${name} should be a string`);
      }
    }),

    ...fields.map((field) =>
      statement(`${field.field} is ${field.required ? 'required' : 'optional'} with max length ${field.maxLength}`, (spec) => {
        const schema = contact(spec);
        assert.equal(requiredOf(spec, schema).has(field.field), field.required, `Contact.${field.field} required flag`);
        assert.equal(property(spec, schema, field.field).maxLength, field.maxLength, `Contact.${field.field} maxLength`);
      }),
    ),

    // "(table below)" points at the document's own layout; the spec points at its table its own way.
    ...fields.map((field) =>
      statement(`${field.field}: ${field.meaning}`, (spec) => {
        const meaning = field.meaning.replace(/\s*\(table below\)/, '');
        assertCarriesWords(property(spec, contact(spec), field.field).description, meaning, `Contact.${field.field} description`);
      }),
    ),

    statement('a contact with only the required fields validates', (spec) => {
      assertValid(spec, contactPointer, minimalContact(), 'a minimal contact');
    }),

    statement(`optional fields (${optionalFields.join(', ')}) are omitted when not used: null and empty strings are refused`, (spec) => {
      assertMentions(contact(spec).description, 'omitted', 'the Contact description');
      for (const name of optionalFields) {
        assertInvalid(spec, contactPointer, { ...minimalContact(), [name]: null }, `a contact with ${name}: null`);
        assertInvalid(spec, contactPointer, { ...minimalContact(), [name]: '' }, `a contact with an empty ${name}`);
      }
    }),

    statement('countryCode is an ISO 3166-1 code of exactly two letters', (spec) => {
      assertMentions(property(spec, contact(spec), 'countryCode').description, 'ISO 3166-1', 'countryCode description');
      assertValid(spec, contactPointer, { ...minimalContact(), countryCode: 'NZ' }, 'countryCode NZ');
      for (const wrong of ['AUS', 'A', 'au', '12']) {
        assertInvalid(spec, contactPointer, { ...minimalContact(), countryCode: wrong }, `countryCode ${wrong}`);
      }
    }),

    statement('the United Kingdom is written as UK: UK validates and GB does not', (spec) => {
      assertMentions(property(spec, contact(spec), 'countryCode').description, 'UK', 'countryCode description');
      assertValid(spec, contactPointer, { ...minimalContact(), countryCode: 'UK' }, 'countryCode UK');
      assertInvalid(spec, contactPointer, { ...minimalContact(), countryCode: 'GB' }, 'countryCode GB');
    }),

    statement('phoneNumber is in E.123 format (stated in its description; E.123 numbers validate)', (spec) => {
      assertMentions(property(spec, contact(spec), 'phoneNumber').description, 'E.123', 'phoneNumber description');
      for (const phone of ['+61 3 9123 4567', '(03) 9123 4567']) {
        assertValid(spec, contactPointer, { ...minimalContact(), phoneNumber: phone }, `phoneNumber ${phone}`);
      }
    }),

    statement("the country table in x-country-fields equals the document's table cell for cell (unspecified is null)", (spec) => {
      assert.deepEqual(contact(spec)['x-country-fields'], apiDocument.countryFields());
    }),

    statement('the country table appears in the Contact description, row for row', (spec) => {
      const description = contact(spec).description.replace(/[ \t]+/g, ' ');
      for (const row of apiDocument.countryTableRows()) {
        assert.ok(description.includes(row), `the Contact description lacks the row ${row}`);
      }
    }),

    statement('returned addresses (billing and shipping) carry the same fields and types, without the limits', (spec) => {
      const orderDetails = componentSchema(spec, 'OrderDetails').node;
      // Returned addresses may lack fields and are taken as sent, so only names and types match.
      const shape = (schema: Record<string, any>) => Object.fromEntries(Object.entries(propertiesOf(spec, schema)).map(([name, field]) => [name, field.type]));
      for (const address of ['billing', 'shipping']) {
        const returned = orderDetails.properties[address];
        assert.deepEqual(shape(returned), shape(contact(spec)), `OrderDetails.${address} fields`);
        for (const [name, field] of Object.entries(propertiesOf(spec, returned)))
          assert.equal(field.maxLength, undefined, `OrderDetails.${address}.${name} should carry no request limit`);
      }
    }),

    statement('a returned address may lack countryCode, area1 or phoneNumber and may carry empty strings (real samples)', (spec) => {
      const billing = pointerOf('components', 'schemas', 'OrderDetails', 'properties', 'billing');
      const returned = { name: 'Ana Silva', line1: '1 Main Street', line2: '', area1: '', region: 'NY', postcode: '10001', phoneNumber: '' };
      assertValid(spec, billing, returned, 'an address without countryCode, with empty strings');
      assertValid(spec, billing, { name: 'Ana Silva', line1: '1 Main Street', postcode: '10001' }, 'an address without area1, countryCode or phoneNumber');
      assertInvalid(spec, contactPointer, { ...minimalContact(), line2: '' }, 'the same empty line2 in a record a merchant sends');
    }),
  ],
};
