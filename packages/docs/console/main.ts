// The Try it console's entry (built into dist/try-it.js): starts the sandbox in the page, adds a Try
// it button to every operation, and opens the console a shared link asks for.
import spec from '@merchant-ordering/spec/openapi.json';
import curlTemplate from '../samples/curl.template?raw';
import typescriptTemplate from '../samples/typescript.template?raw';
import { exampleState, readShareLink } from './form-state';
import { consoleOperations } from './operations';
import { startPageSandbox } from './page-sandbox';
import { addTryItButtons } from './redoc';
import { pageSandboxUrl, realServiceDomains } from './targets';
import { createTryIt } from './try-it-dialog';
import style from './try-it.css?raw';

const operations = consoleOperations(spec);
const pageBase = document.baseURI;
document.head.append(Object.assign(document.createElement('style'), { textContent: style }));

const tryIt = createTryIt({
  spec,
  operations,
  realDomains: realServiceDomains(spec),
  pageSandbox: startPageSandbox(pageBase),
  pageSandboxUrl: pageSandboxUrl(pageBase),
  templates: { 'curl.template': curlTemplate, 'typescript.template': typescriptTemplate },
});

let lastTarget: string | undefined;
tryIt.dialog.addEventListener('close', () => {
  lastTarget = tryIt.target();
});
addTryItButtons(operations, (operation) => tryIt.open(exampleState(spec, operation, lastTarget)));

const linked = readShareLink(location.href, operations);
if (linked) tryIt.open(linked);
