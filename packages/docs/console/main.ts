// The Try it console's entry (built into dist/try-it.js): starts the sandbox in the page, adds a Try
// it button to every operation, and opens the console a shared link asks for.
import spec from '@merchant-ordering/spec/openapi.json';
import curlTemplate from '../samples/curl/request.sh.template?raw';
import goTemplate from '../samples/go/main.go.template?raw';
import javaTemplate from '../samples/java/Sample.java.template?raw';
import kotlinTemplate from '../samples/kotlin/Sample.kt.template?raw';
import pythonTemplate from '../samples/python/sample.py.template?raw';
import rustTemplate from '../samples/rust/main.rs.template?raw';
import typescriptTemplate from '../samples/typescript/sample.ts.template?raw';
import { exampleState, readShareLink } from './form-state';
import { consoleOperations } from './operations';
import { startPageSandbox } from './page-sandbox';
import { addTryItButtons, followSampleLanguage } from './redoc';
import { languageChoice } from './sample-language';
import { SAMPLE_LABELS } from './samples';
import { pageSandboxUrl, realServiceDomains } from './targets';
import { createTryIt } from './try-it-dialog';
import style from './try-it.css?raw';

const operations = consoleOperations(spec);
const pageBase = document.baseURI;
document.head.append(Object.assign(document.createElement('style'), { textContent: style }));

const language = languageChoice(SAMPLE_LABELS);
followSampleLanguage(SAMPLE_LABELS, language);

const tryIt = createTryIt({
  language,
  spec,
  operations,
  realDomains: realServiceDomains(spec),
  pageSandbox: startPageSandbox(pageBase),
  pageSandboxUrl: pageSandboxUrl(pageBase),
  templates: {
    'curl/request.sh.template': curlTemplate,
    'typescript/sample.ts.template': typescriptTemplate,
    'python/sample.py.template': pythonTemplate,
    'go/main.go.template': goTemplate,
    'java/Sample.java.template': javaTemplate,
    'kotlin/Sample.kt.template': kotlinTemplate,
    'rust/main.rs.template': rustTemplate,
  },
});

let lastTarget: string | undefined;
tryIt.dialog.addEventListener('close', () => {
  lastTarget = tryIt.target();
});
addTryItButtons(operations, (operation) => tryIt.open(exampleState(spec, operation, lastTarget)));

const linked = readShareLink(location.href, operations);
if (linked) tryIt.open(linked);
