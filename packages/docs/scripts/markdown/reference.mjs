// The reference for coding agents and plain-text readers, generated from the description at build
// time and written beside index.html (all links relative: the site is served under a sub-path):
//   llms.txt                      what the API is, its operations one line each, its traps, links
//   llms-full.txt                 the overview, every operation and every record in one file
//   overview.md                   hosts, authentication, headers, errors, timeouts
//   operations/<operation-id>.md  one per operation (operations/list-payments.md)
//   records/<record>.md           one per record the description specifies (records/contact.md)
// The same files ship in @merchant-ordering/mcp, which copies them from this package's dist/.
import {
  basicAuthorization,
  codeSamplesFor,
  operationsOf,
  parametersOf,
  requiresAuth,
  resolveRef,
  sandboxServer,
  successMediaType,
  WORKED_EXAMPLE,
} from '../code-samples.mjs';
import { moveExtensionsIntoProse } from '../readable-extensions.mjs';
import { operationFile, operationMarkdown } from './operation.mjs';
import { schemaName, schemaSection } from './schema.mjs';
import { code, firstSentence, kebab } from './text.mjs';

export { operationFile } from './operation.mjs';

/** Where a record's page is, relative to the site's root. */
export function recordFile(name) {
  return `records/${kebab(name)}.md`;
}

/**
 * Every file of the agents' reference, by its path relative to the site's root.
 * @param {object} spec  the published description (spec/dist/openapi.json)
 * @param {Record<string, string>} templates  the sample templates, as the docs build reads them
 * @returns {Map<string, string>}
 */
export function agentReference(spec, templates) {
  // Descriptions with the extensions a reader needs in words, as the HTML reference shows them.
  const readable = structuredClone(spec);
  moveExtensionsIntoProse(readable);
  const entries = operationsOf(readable);
  const published = operationsOf(spec);
  const records = Object.values(spec['x-specified-records'] ?? {}).map((ref) => schemaName(ref));

  const pages = new Map();
  pages.set('overview.md', (link) => overviewMarkdown(readable, entries, records, link));
  entries.forEach((entry, index) => {
    const samples = codeSamplesFor(spec, published[index], templates);
    pages.set(operationFile(entry.operation), (link) => operationMarkdown(readable, entry, published[index].operation['x-timeouts'], samples, link));
  });
  for (const name of records) pages.set(recordFile(name), () => recordMarkdown(readable, name));

  const files = new Map();
  const index = llmsIndex(spec, readable, entries, records);
  files.set('llms.txt', index);
  // In llms-full.txt every page is read from the site's root.
  const fromRoot = (file) => file;
  const full = [...pages.entries()].map(([file, render]) => `<!-- ${file} -->\n\n${render(fromRoot).trimEnd()}\n`);
  files.set('llms-full.txt', `${index.trimEnd()}\n\n${full.join('\n---\n\n')}`);
  for (const [file, render] of pages) files.set(file, render(relativeFrom(file)));
  return files;
}

/** A function giving a site file's address relative to the page at `from`. */
function relativeFrom(from) {
  const depth = from.split('/').length - 1;
  return (file) => `${'../'.repeat(depth)}${file}`;
}

function llmsIndex(spec, readable, entries, records) {
  const lines = [`# ${spec.info.title}`, ''];
  lines.push(
    `> ${firstSentence(spec.info.description)} Version ${spec.info.version} of the OpenAPI ${spec.openapi} description; everything below is generated from it.`,
    '',
  );
  lines.push(
    `Hosts: ${spec.servers
      .filter(({ url }) => !url.includes('{'))
      .map(({ url, description }) => `${code(url)} (${firstSentence(description).replace(/\.$/, '')})`)
      .join(', ')}. Try the sandbox first; [the overview](overview.md) lists the legacy regional hosts.`,
    '',
  );
  lines.push('## Traps', '', ...traps(spec, readable, entries).map((trap) => `- ${trap}`), '');
  lines.push('## Operations', '');
  for (const { path, method, operation } of entries) {
    lines.push(`- [${operation.summary}](${operationFile(operation)}): ${code(`${method.toUpperCase()} ${path}`)}. ${firstSentence(operation.description)}`);
  }
  lines.push('', '## Records', '');
  for (const name of records)
    lines.push(
      `- [${resolveRef(spec, { $ref: `#/components/schemas/${name}` }).title ?? name} record](${recordFile(name)}): ${firstSentence(spec.components.schemas[name].description)}`,
    );
  lines.push(
    '',
    '## Optional',
    '',
    '- [Overview](overview.md): versioning, authentication, request headers, errors, timeouts and hosts.',
    '- [Everything in one file](llms-full.txt): this index, the overview, every operation and every record.',
    '- [openapi.yaml](openapi.yaml), [openapi.json](openapi.json): the OpenAPI description itself.',
    '- [The HTML reference](index.html), with a Try it console that answers from a sandbox in the page.',
  );
  return `${lines.join('\n')}\n`;
}

/** The mistakes clients of this API make, each from what the description says. */
function traps(spec, readable, entries) {
  const query = entries.flatMap(({ operation, pathItem }) => parametersOf(readable, pathItem, operation)).filter((parameter) => parameter.in === 'query');
  const unique = (list) => [...new Map(list.map((parameter) => [parameter.name, parameter])).values()];
  const arrays = unique(query.filter((parameter) => resolveRef(spec, parameter.schema ?? {}).type === 'array'));
  const dates = unique(query.filter((parameter) => /\[\+-\]|\[-\+\]/.test(resolveRef(spec, parameter.schema ?? {}).pattern ?? '')));
  const list = [];
  if (arrays.length) {
    const [first] = arrays;
    list.push(
      `Arrays (${arrays.map(({ name }) => code(name)).join(', ')}) repeat the key once per value: ${code(`${first.name}=A&${first.name}=B`)}. Comma-separated values (${code(`${first.name}=A,B`)}) and brackets (${code(`${first.name}[]=A`)}) are refused with a 500. A comma inside a value cannot be sent: the service reads it as a separator, even percent-encoded.`,
    );
  }
  if (dates.length) {
    const example = resolveRef(spec, Object.values(dates[0].examples ?? {}).find((item) => String(resolveRef(spec, item).value).includes('+')) ?? {}).value;
    list.push(
      `Dates (${dates.map(({ name }) => code(name)).join(', ')}) are date, ${code('T')}, time with fractional seconds and a UTC offset${example ? ` (${code(example)})` : ''}. Percent-encode the value: the ${code('+')} of an offset must reach the service as ${code('%2B')}, because a raw ${code('+')} is read as a space and answered with a 500.`,
    );
  }
  const timeouts = [...new Set(operationsOf(spec).map(({ operation }) => JSON.stringify(operation['x-timeouts'] ?? null)))].map((text) => JSON.parse(text));
  if (timeouts.length === 1 && timeouts[0])
    list.push(`Timeouts: allow ${timeouts[0].openSeconds} s to open the connection and ${timeouts[0].readSeconds} s to read the response, on every operation.`);
  else
    for (const { operation } of operationsOf(spec))
      if (operation['x-timeouts'])
        list.push(`Timeouts of ${operation.summary}: ${operation['x-timeouts'].openSeconds} s to open, ${operation['x-timeouts'].readSeconds} s to read.`);
  const open = entries.filter(({ operation }) => !requiresAuth(spec, operation));
  list.push(
    `Basic authentication is built once from the whole pair: join ${code('<merchantId>:<secretKey>')} with one colon and no spaces, base64-encode that one string (not each part, and not twice), and send ${code('Authorization: Basic <result>')} with one space. Merchant ID ${code(WORKED_EXAMPLE.merchantId)} and Secret Key ${code(WORKED_EXAMPLE.secretKey)} give ${code(`Authorization: ${basicAuthorization(WORKED_EXAMPLE)}`)}. Missing or wrong credentials get a 401${open.length ? `; ${open.map(({ operation }) => operation.summary).join(', ')} needs none` : ''}.`,
  );
  // One clause per media type, naming every operation that answers with it.
  const accepts = new Map();
  for (const { operation, path, method } of entries) {
    const type = successMediaType(spec, operation, `${method.toUpperCase()} ${path}`);
    accepts.set(type, [...(accepts.get(type) ?? []), operation.summary]);
  }
  list.push(
    `Send ${[...accepts].map(([type, summaries]) => `${code(`Accept: ${type}`)} to ${summaries.join(' and ')}`).join(', ')}; another Accept gets a 406. A 200 may come without ${code('Content-Type')}: read the body as the documented type anyway.`,
  );
  const bounded = unique(query.filter((parameter) => resolveRef(spec, parameter.schema ?? {}).maximum !== undefined));
  for (const parameter of bounded) {
    const { minimum, maximum } = resolveRef(spec, parameter.schema);
    list.push(`${code(parameter.name)} is ${minimum} to ${maximum} inclusive; a value outside gets a 422.`);
  }
  list.push(`The samples and the sandbox use ${code(sandboxServer(spec))}; never send the sandbox's worked credentials to production.`);
  return list;
}

function overviewMarkdown(spec, entries, records, link) {
  const lines = [`# ${spec.info.title}: overview`, '', (spec.info.description ?? '').trim(), '', '## Hosts', ''];
  for (const { url, description, variables } of spec.servers) {
    lines.push(`- ${code(url)}: ${description ?? ''}`);
    for (const [name, variable] of Object.entries(variables ?? {}))
      lines.push(`  - ${code(name)}: one of ${variable.enum.map((value) => code(value)).join(', ')}; default ${code(variable.default)}.`);
  }
  lines.push('');
  for (const [name, scheme] of Object.entries(spec.components?.securitySchemes ?? {})) {
    lines.push(
      `## Security scheme ${code(name)}`,
      '',
      `Type ${code(scheme.type)}${scheme.scheme ? `, scheme ${code(scheme.scheme)}` : ''}.`,
      '',
      (scheme.description ?? '').trim(),
      '',
    );
  }
  lines.push('## Operations', '');
  for (const { path, method, operation } of entries)
    lines.push(`- [${operation.summary}](${link(operationFile(operation))}): ${code(`${method.toUpperCase()} ${path}`)}`);
  lines.push('', '## Records', '');
  for (const name of records) lines.push(`- [${name}](${link(recordFile(name))})`);
  return `${lines.join('\n')}\n`;
}

function recordMarkdown(spec, name) {
  const schema = spec.components.schemas[name];
  return `${schemaSection(spec, name, 1, `${schema.title ?? name} record`).trimEnd()}\n`;
}
