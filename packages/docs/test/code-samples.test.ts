import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { basicAuthorization, queryString, WORKED_EXAMPLE } from '../scripts/code-samples.mjs';
import { readSampleTemplates } from '../scripts/sample-templates.mjs';
import { buildDocsBundle } from '../scripts/docs-bundle.mjs';
import { renderTemplate } from '../scripts/template.mjs';
import { documentedOperations } from './support/operations';
import { OPENAPI_GENERATOR_VERSION } from '../scripts/languages/generator.mjs';
import { packageDir, readDocsBundle, readSpec, specDir } from './support/paths';

const templates = readSampleTemplates();
const spec = readSpec();
const operations = documentedOperations(buildDocsBundle(spec, templates));
const byId = (operationId: string) => {
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId} in the description`);
  return operation;
};

describe('the sample templates', () => {
  it('give every operation a sample in curl, TypeScript and each language the generator matrix runs', () => {
    const ids = operations.map(({ operationId }) => operationId).sort();
    expect(ids).toEqual(['getConfiguration', 'listPayments', 'ping']);
    for (const { operationId, samples } of operations) {
      expect(Object.keys(samples), operationId).toEqual(['curl', 'TypeScript', 'Python', 'Go', 'Java', 'Kotlin', 'Rust']);
    }
  });

  it('send array parameters as repeated keys, never comma-separated or bracketed', () => {
    const { curl } = byId('listPayments').samples;
    expect(curl).toContain('ids=300000016189&ids=300000016190');
    expect(curl).toContain('statuses=APPROVED&statuses=DECLINED');
    expect(byId('getConfiguration').samples.curl).toContain('include=publicid&include=consumerlending&include=paybyinstallment');
    expect(curl).not.toMatch(/ids=[^&']*(,|%2C)\d/);
    expect(curl).not.toMatch(/\[\]|%5B/i);
  });

  it('send a + in a date offset as %2B and keep its dashes and colons', () => {
    const { curl, TypeScript } = byId('listPayments').samples;
    expect(curl).toContain('fromCreatedDate=2024-03-01T00:00:00.000%2B11:00');
    expect(curl).not.toMatch(/CreatedDate=[^&']*\+/);
    // The client does the encoding, so the TypeScript sample passes the date as written.
    expect(TypeScript).toContain("fromCreatedDate: '2024-03-01T00:00:00.000+11:00'");
  });

  it('percent-encode reserved characters inside one array value', () => {
    expect(byId('listPayments').samples.curl).toContain(
      'merchantReferences=order%201001%20%26%20gift&merchantReferences=A%2BB%201000&merchantReferences=Caf%C3%A9-%E2%84%965',
    );
  });

  it('show the worked Basic header of the Authentication section, and none on Ping', () => {
    const header = basicAuthorization(WORKED_EXAMPLE);
    expect(header).toBe('Basic MzI6YWJjZGVmZ2g=');
    expect(spec.components.securitySchemes.BasicAuth.description).toContain(`Authorization: ${header}`);
    expect(byId('listPayments').samples.curl).toContain(`--header 'Authorization: ${header}'`);
    expect(byId('getConfiguration').samples.curl).toContain(`--header 'Authorization: ${header}'`);
    expect(byId('ping').samples.curl).not.toContain('Authorization');
  });

  it('ask for the media type each operation answers with', () => {
    expect(byId('ping').samples.curl).toContain("--header 'Accept: text/plain'");
    expect(byId('listPayments').samples.curl).toContain("--header 'Accept: application/json'");
  });

  it('call the client method named after the operation, with the named examples as its query', () => {
    expect(byId('ping').samples.TypeScript).toContain('await client.ping();');
    expect(byId('ping').samples.TypeScript).not.toContain('const result');
    expect(byId('getConfiguration').samples.TypeScript).toContain(
      "await client.getConfiguration({\n  include: ['publicid', 'consumerlending', 'paybyinstallment'],\n});",
    );
    expect(byId('listPayments').samples.TypeScript).toMatch(/ids: \['300000016189', '300000016190'\],/);
  });

  it('point the TypeScript client at the sandbox unless MERCHANT_API_BASE_URL says otherwise', () => {
    for (const { samples } of operations) {
      expect(samples.TypeScript).toContain('baseUrl: process.env.MERCHANT_API_BASE_URL ?? BASE_URLS.sandbox,');
    }
  });
});

describe('the samples for openapi-generator clients', () => {
  it('state the generator, the version the generator matrix pins, and the one command that generates the client', () => {
    const pinned = /^version=(.+)$/m.exec(readFileSync(join(specDir, '../tools/generators/openapi-generator.sh'), 'utf8'))?.[1];
    expect(OPENAPI_GENERATOR_VERSION).toBe(pinned);
    for (const [label, generator] of [
      ['Python', 'python'],
      ['Go', 'go'],
      ['Java', 'java'],
      ['Kotlin', 'kotlin'],
      ['Rust', 'rust'],
    ]) {
      for (const { operationId, samples } of operations) {
        expect(samples[label], `${operationId} in ${label}`).toContain(`openapi-generator ${pinned}, its ${generator} generator with default settings`);
        expect(samples[label]).toContain(`java -jar openapi-generator-cli-${pinned}.jar generate -g ${generator} -i openapi.json -o merchant-client`);
      }
    }
  });

  it('offer the known values as the generated enum, as spec/README.md shows each client writing a status filter', () => {
    const { Python, Go, Java, Kotlin, Rust } = byId('listPayments').samples;
    expect(Python).toContain('statuses=[KnownPaymentStatus.APPROVED, KnownPaymentStatus.DECLINED],');
    expect(Go).toContain('Statuses([]string{string(openapi.APPROVED), string(openapi.DECLINED)}).');
    expect(Java).toContain('List.of(KnownPaymentStatus.APPROVED.getValue(), KnownPaymentStatus.DECLINED.getValue()), // statuses');
    expect(Kotlin).toContain('statuses = listOf(KnownPaymentStatus.APPROVED.value, KnownPaymentStatus.DECLINED.value),');
    expect(Rust).toContain('Some(vec![KnownPaymentStatus::Approved.to_string(), KnownPaymentStatus::Declined.to_string()]), // statuses');
    expect(byId('getConfiguration').samples.Kotlin).toContain('KnownConfigurationInclude.publicid.value');
  });

  it('pass arrays as lists and dates as the text with its offset: the clients repeat the key and send + as %2B', () => {
    const { Python, Go, Java, Kotlin, Rust } = byId('listPayments').samples;
    expect(Python).toContain('from_created_date="2024-03-01T00:00:00.000+11:00",');
    expect(Go).toContain('FromCreatedDate("2024-03-01T00:00:00.000+11:00").');
    expect(Java).toContain('"2024-03-01T00:00:00.000+11:00", // fromCreatedDate');
    expect(Kotlin).toContain('fromCreatedDate = "2024-03-01T00:00:00.000+11:00",');
    expect(Rust).toContain('Some("2024-03-01T00:00:00.000+11:00"), // from_created_date');
    expect(Go).toContain('Ids([]string{"300000016189", "300000016190"}).');
  });

  it('fall back to the sandbox, never production, which the generated clients default to', () => {
    for (const { samples } of operations) {
      for (const label of ['Python', 'Go', 'Java', 'Kotlin', 'Rust']) {
        expect(samples[label]).toContain('"https://global-api-sandbox.afterpay.com"');
        expect(samples[label]).toContain('MERCHANT_API_BASE_URL');
        expect(samples[label]).not.toContain('https://global-api.afterpay.com');
      }
    }
  });

  it('send no credentials on Ping, whose security is empty', () => {
    const { Python, Go, Java, Kotlin, Rust } = byId('ping').samples;
    for (const sample of [Python, Go, Java, Kotlin, Rust]) expect(sample).not.toContain('abcdefgh');
  });
});

describe('the console bundle', () => {
  it('takes in every language template the renderer knows', () => {
    const main = readFileSync(join(packageDir, 'console/main.ts'), 'utf8');
    for (const template of Object.keys(templates)) {
      expect(main).toContain(`'../samples/${template}?raw'`);
      expect(main).toContain(`'${template}': `);
    }
  });
});

describe('the query string', () => {
  const statuses = { parameter: { name: 'statuses', in: 'query', style: 'form', explode: true }, value: ['APPROVED', 'DECLINED'] };
  const from = { parameter: { name: 'fromCreatedDate', in: 'query' }, value: '2024-03-01T00:00:00.000+11:00' };

  it('repeats array keys and sends + as %2B unless told otherwise', () => {
    expect(queryString([statuses, from])).toBe('?statuses=APPROVED&statuses=DECLINED&fromCreatedDate=2024-03-01T00:00:00.000%2B11:00');
  });

  it('writes the mistakes the API refuses only when asked: a raw comma, encoded brackets, a raw +', () => {
    expect(queryString([statuses], 'op', { arrays: 'comma' })).toBe('?statuses=APPROVED,DECLINED');
    expect(queryString([statuses], 'op', { arrays: 'brackets' })).toBe('?statuses%5B%5D=APPROVED&statuses%5B%5D=DECLINED');
    expect(queryString([from], 'op', { plus: 'raw' })).toBe('?fromCreatedDate=2024-03-01T00:00:00.000+11:00');
  });

  it('keeps a comma inside one value encoded in the comma mistake, so only the separators are raw', () => {
    const references = { parameter: { name: 'merchantReferences', in: 'query' }, value: ['a,b', 'c'] };
    expect(queryString([references], 'op', { arrays: 'comma' })).toBe('?merchantReferences=a%2Cb,c');
  });
});

describe('the template language', () => {
  it('keeps a section when its value is non-empty, and an inverted one when it is empty', () => {
    const template = 'a\n{{#auth}}\nheader {{auth}}\n{{/auth}}\n{{^auth}}\npublic\n{{/auth}}\nb\n';
    expect(renderTemplate(template, { auth: 'Basic x' })).toBe('a\nheader Basic x\nb\n');
    expect(renderTemplate(template, { auth: '' })).toBe('a\npublic\nb\n');
  });

  it('refuses a placeholder that has no value', () => {
    expect(() => renderTemplate('{{nope}}', {})).toThrow('{{nope}}');
  });
});

describe('the docs-only bundle', () => {
  it('is what the current templates and description produce', () => {
    expect(readDocsBundle()).toEqual(buildDocsBundle(spec, templates));
  });

  it('is the only place with code samples: the published description has none', () => {
    // The description's sources and its published bundles (not the spec package's tests or README).
    const description = [join(specDir, 'openapi.yaml'), ...['paths', 'components', 'descriptions', 'dist'].flatMap((dir) => filesUnder(join(specDir, dir)))];
    const offenders = description.filter((file) => /x-code-?samples/i.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    expect(Object.keys(spec.paths['/v2/payments'].get)).not.toContain('x-codeSamples');
  });

  it('adds a Contact record section, since no operation shows the schema with its country table', () => {
    const docs = readDocsBundle();
    const section = docs.tags.find(({ name }: { name: string }) => name === 'Contact');
    expect(section['x-displayName']).toBe('Contact record');
    expect(section.description).toBe('{% schemaDefinition schemaRef="#/components/schemas/Contact" /%}');
    // schemaDefinition renders the schema's description, which holds the table.
    expect(docs.components.schemas.Contact.description).toContain('| UK | Postal town | Village or local area | County |');
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
