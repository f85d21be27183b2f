// The reference for coding agents and plain-text readers, generated from the description at build
// time and written beside index.html (all links relative: the site is served under a sub-path):
//   llms.txt                      what the API is, its traps, its operations one line each, links
//   llms-full.txt                 the overview, every operation and every record in one file
//   traps.md                      the traps alone (traps.mjs: the one list)
//   overview.md                   hosts, authentication, headers, errors, timeouts
//   operations/<operation-id>.md  one per operation (operations/list-payments.md)
//   records/<record>.md           one per record the description specifies (records/contact.md)
// The same files ship in @merchant-ordering/mcp, which copies them from this package's dist/.
import { codeSamplesFor, operationsOf, resolveRef } from '../code-samples.mjs';
import { moveExtensionsIntoProse } from '../readable-extensions.mjs';
import { operationFile, operationMarkdown } from './operation.mjs';
import { schemaName, schemaSection } from './schema.mjs';
import { code, firstSentence, kebab } from './text.mjs';
import { trapsList, trapsMarkdown } from './traps.mjs';

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
  const traps = trapsList(spec, readable, entries);
  const index = llmsIndex(spec, traps, entries, records);
  files.set('llms.txt', index);
  files.set('traps.md', trapsMarkdown(spec, traps));
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

function llmsIndex(spec, traps, entries, records) {
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
  lines.push('## Traps', '', ...traps.map((trap) => `- ${trap}`), '');
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
    '- [Traps](traps.md): the list of traps above, alone.',
    '- [openapi.yaml](openapi.yaml), [openapi.json](openapi.json): the OpenAPI description itself.',
    '- [The HTML reference](index.html), with a Try it console that answers from a sandbox in the page.',
  );
  return `${lines.join('\n')}\n`;
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
