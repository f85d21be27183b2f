// Turns the published bundle into the docs-only bundle Redoc renders. The published spec stays free of
// presentation: code samples, the schema section, the extensions as prose and the plain-text labels
// exist only here.
import { codeSamplesFor, operationsOf } from './code-samples.mjs';
import { operationFile } from './markdown/operation.mjs';
import { plainHeadings, plainServerDescriptions } from './plain-text.mjs';
import { moveExtensionsIntoProse } from './readable-extensions.mjs';

/** Schemas that no operation references but readers need; each gets a section of its own. */
export const SCHEMA_SECTIONS = [{ schema: 'Contact', tag: 'Contact', displayName: 'Contact record' }];

/**
 * @param {object} spec  the bundled description (spec/dist/openapi.json)
 * @param {Record<string, string>} templates  template file name -> text
 * @returns {object} a new description; `spec` is left untouched
 */
export function buildDocsBundle(spec, templates) {
  const docs = structuredClone(spec);
  for (const entry of operationsOf(docs)) {
    if (entry.operation['x-codeSamples']) {
      const where = `${entry.method.toUpperCase()} ${entry.path}`;
      throw new Error(`${where} already has x-codeSamples; the published description must stay free of them`);
    }
    entry.operation['x-codeSamples'] = codeSamplesFor(docs, entry, templates);
    entry.operation.description = `${entry.operation.description.trimEnd()}\n\n${markdownCopyLink(entry.operation)}`;
  }
  docs.tags = [...(docs.tags ?? []), ...SCHEMA_SECTIONS.map((section) => schemaSectionTag(docs, section))];
  moveExtensionsIntoProse(docs);
  plainServerDescriptions(docs);
  plainHeadings(docs);
  return docs;
}

/** The line under an operation's description that links its Markdown copy (scripts/markdown/). */
export function markdownCopyLink(operation) {
  const file = operationFile(operation);
  return `For coding agents and plain-text readers: [this operation in Markdown](${file}); [llms.txt](llms.txt) indexes the whole API.`;
}

/**
 * A tag without operations whose description renders the schema through Redoc 3's Markdoc tag
 * `schemaDefinition`: its description (for Contact, the country table), its fields and an example.
 */
function schemaSectionTag(spec, { schema, tag, displayName }) {
  if (!spec.components?.schemas?.[schema]) throw new Error(`components.schemas.${schema} is missing`);
  if ((spec.tags ?? []).some(({ name }) => name === tag)) throw new Error(`tag ${tag} already exists`);
  return {
    name: tag,
    'x-displayName': displayName,
    description: `{% schemaDefinition schemaRef="#/components/schemas/${schema}" /%}`,
  };
}
