// The provider check (`merchant-ordering-contract verify --base-url <url>`): runs the shared provider
// scenarios (@merchant-ordering/spec's vectors/provider-scenarios.json) against any server and reports
// every violation of the description.
//
// Credentials come from MERCHANT_ID and SECRET_KEY (credentials.js). Only for a loopback server (a local
// mock or the sandbox) do they default to the API document's worked example (32 / abcdefgh). Nothing
// the run returns or prints holds them, in any encoding.
//
// Requests and responses are validated here with ajv (JSON Schema 2020-12), not through Prism's proxy
// with --errors, because that proxy (1) answers invalid requests itself, so a server's own 401 and 422
// are never exercised, (2) replaces the server's answer with a 500, hiding the real status and values,
// (3) names no schema keyword and no value, and (4) validates 3.1 schemas with draft-07 rules only.
import { readFileSync } from 'node:fs';
import { redactorFor } from './credentials.js';
import { loadSpec } from './spec-document.js';
import { bundledSpecPath, providerScenariosPath } from './spec-package.js';
import { createSchemaValidator } from './schema-validator.js';
import { runScenarios } from './scenario-runner.js';
import { formatJunit } from './junit-report.js';
import { formatReport } from './report-format.js';

/**
 * The provider check: the shared scenarios against `baseUrl`, every exchange checked against the
 * description. Returns the run, the printed report and the report as JUnit XML. Rejects when the first
 * request gets no answer at all (nothing to check), or when the credentials are longer than 1,024
 * characters. The run and the report hold no form of the credentials.
 * @param {import('./types.js').ReadLimits & { baseUrl: string, credentials: import('./types.js').Credentials, specPath?: string, scenariosPath?: string }} options
 * @returns {Promise<{ run: import('./types.js').ScenarioRun, report: string, junit: string }>}
 */
export async function verify({ baseUrl, specPath = bundledSpecPath, scenariosPath = providerScenariosPath, credentials, maxResponseBytes, timeoutSeconds }) {
  const redact = redactorFor(credentials);
  const doc = loadSpec(specPath);
  const { scenarios } = JSON.parse(readFileSync(scenariosPath, 'utf8'));
  // The merchant ID percent-encoded: a header value must be Latin-1, and a bad one would fail every request.
  const userAgent = `merchant-ordering-contract-verify/${doc.info.version} (Node.js/${process.version}; Merchant/${encodeURIComponent(credentials.merchantId)})`;
  const run = await runScenarios({ baseUrl, credentials, scenarios, doc, validator: createSchemaValidator(doc), userAgent, maxResponseBytes, timeoutSeconds });
  const description = {
    baseUrl,
    specTitle: doc.info.title,
    specVersion: doc.info.version,
    specSource: specPath === bundledSpecPath ? '@merchant-ordering/spec' : specPath,
  };
  return { run, report: redact(formatReport({ ...description, run })), junit: formatJunit({ ...description, run, redact }) };
}
