// The resources an agent can read: the description itself, the list of the API's traps, and the
// docs' llms.txt and Markdown reference when the build copied them in (scripts/copy-docs.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { specFile } from './spec.js';
import { trapsMarkdown } from './traps.js';

export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  read(): string;
}

/** Where the build puts the docs' files, beside dist/. */
const DOCS = new URL('../docs/', import.meta.url);

const DOCS_FILES = [
  { file: 'llms.txt', name: 'llms.txt', title: 'llms.txt', mimeType: 'text/plain', description: 'The docs site for language models: what the API is and where each part is described.' },
  { file: 'reference.md', name: 'reference', title: 'API reference (Markdown)', mimeType: 'text/markdown', description: 'Every operation, parameter and schema of the description, as Markdown.' },
];

export function resources(): ResourceEntry[] {
  const list: ResourceEntry[] = [
    {
      uri: 'merchant-ordering://description/openapi.json',
      name: 'openapi.json',
      title: 'OpenAPI 3.1 description',
      description: 'The description of the Merchant Online Ordering API (bundled JSON, from @merchant-ordering/spec): every operation, parameter, schema and rule.',
      mimeType: 'application/json',
      read: () => specFile('openapi.json'),
    },
    {
      uri: 'merchant-ordering://traps.md',
      name: 'traps',
      title: "The API's traps",
      description: 'Where the service or the API document is not what a reader would assume: defaults that do not apply, how values must be written, errors that mislead, open value lists.',
      mimeType: 'text/markdown',
      read: () => trapsMarkdown(),
    },
  ];
  for (const { file, ...entry } of DOCS_FILES) {
    const url = new URL(file, DOCS);
    if (existsSync(url)) list.push({ uri: `merchant-ordering://docs/${file}`, ...entry, read: () => readFileSync(url, 'utf8') });
  }
  return list;
}
