// The resources an agent can read: the description itself, the list of the API's traps, and the docs'
// reference for agents (llms.txt, llms-full.txt and a Markdown page per operation and record), which
// the build copies into dist/docs/ from @merchant-ordering/docs (scripts/copy-docs.mjs). Their
// relative links (operations/list-payments.md) resolve against merchant-ordering://docs/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

// ../dist/docs/ from dist/ and from src/ alike (the tests run the sources).
const DOCS = new URL('../dist/docs/', import.meta.url);

/** The docs' files under dist/docs/, by path: llms.txt and llms-full.txt first, then the Markdown pages. */
function docsFiles(): string[] {
  if (!existsSync(DOCS)) return [];
  const files = (readdirSync(DOCS, { recursive: true }) as string[]).map((file) => file.split('\\').join('/')).filter((file) => /\.(md|txt)$/.test(file));
  const rank = (file: string) => ['llms.txt', 'llms-full.txt', 'overview.md'].indexOf(file) + 1 || 4;
  return files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function docsEntry(file: string): ResourceEntry {
  const url = new URL(file, DOCS);
  const text = readFileSync(url, 'utf8');
  const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? file;
  const description =
    file === 'llms.txt'
      ? 'The reference for agents: an index of the API with its traps, linking a Markdown page per operation and record.'
      : file === 'llms-full.txt'
        ? 'The whole reference for agents in one file: the index, the overview, every operation and every record.'
        : `The Markdown reference: ${heading}.`;
  return {
    uri: `merchant-ordering://docs/${file}`,
    name: file,
    title: file.endsWith('.txt') ? file : heading,
    description,
    mimeType: file.endsWith('.md') || file === 'llms-full.txt' ? 'text/markdown' : 'text/plain',
    read: () => readFileSync(url, 'utf8'),
  };
}

let listed: ResourceEntry[] | undefined;

/** Read once per process: a server is made for every HTTP request. */
export function resources(): ResourceEntry[] {
  listed ??= [
    {
      uri: 'merchant-ordering://description/openapi.json',
      name: 'openapi.json',
      title: 'OpenAPI 3.1 description',
      description:
        'The description of the Merchant Online Ordering API (bundled JSON, from @merchant-ordering/spec): every operation, parameter, schema and rule.',
      mimeType: 'application/json',
      read: () => specFile('openapi.json'),
    },
    {
      uri: 'merchant-ordering://traps.md',
      name: 'traps',
      title: "The API's traps",
      description:
        'Where the service or the API document is not what a reader would assume: defaults that do not apply, how values must be written, errors that mislead, open value lists.',
      mimeType: 'text/markdown',
      read: () => trapsMarkdown(),
    },
    ...docsFiles().map(docsEntry),
  ];
  return listed;
}
