// The resources an agent can read: the description itself, and the docs' reference for agents
// (llms.txt, the list of the API's traps in traps.md, llms-full.txt and a Markdown page per operation
// and record), which the build copies into dist/docs/ from @merchant-ordering/docs
// (scripts/copy-docs.mjs). Their relative links (operations/list-payments.md) resolve against
// merchant-ordering://docs/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { specFile } from './spec.js';

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

/** The docs' files under dist/docs/, by path: llms.txt, traps.md and llms-full.txt first, then the Markdown pages. */
function docsFiles(): string[] {
  if (!existsSync(DOCS)) return [];
  const files = (readdirSync(DOCS, { recursive: true }) as string[]).map((file) => file.split('\\').join('/')).filter((file) => /\.(md|txt)$/.test(file));
  const first = ['llms.txt', 'traps.md', 'llms-full.txt', 'overview.md'];
  const rank = (file: string) => first.indexOf(file) + 1 || first.length + 1;
  return files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const DESCRIPTIONS: Record<string, string> = {
  'llms.txt': 'The reference for agents: an index of the API with its traps, linking a Markdown page per operation and record.',
  'traps.md':
    "The list of the API's traps, alone (llms.txt opens with it): where the service or the API document is not what a reader would assume: how arrays and dates are sent, defaults that do not apply, errors that mislead, open value lists.",
  'llms-full.txt': 'The whole reference for agents in one file: the index, the overview, every operation and every record.',
};

function docsEntry(file: string): ResourceEntry {
  const url = new URL(file, DOCS);
  const text = readFileSync(url, 'utf8');
  const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? file;
  return {
    uri: `merchant-ordering://docs/${file}`,
    name: file,
    title: file.endsWith('.txt') ? file : heading,
    description: DESCRIPTIONS[file] ?? `The Markdown reference: ${heading}.`,
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
    ...docsFiles().map(docsEntry),
  ];
  return listed;
}
