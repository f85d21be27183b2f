#!/usr/bin/env node
// `pnpm contract:verify --base-url <url>`: runs the shared provider scenarios
// (spec/vectors/provider-scenarios.json) against any server and prints every violation of the
// description. Exit 0: none; 1: violations; 2: could not run.
//
// Credentials come from MERCHANT_ID and SECRET_KEY. Only for a loopback server (a local mock) do they
// default to the API document's worked example (32 / abcdefgh).
//
// Requests and responses are validated here with ajv (JSON Schema 2020-12), not through Prism's proxy
// with --errors, because that proxy (1) answers invalid requests itself, so a server's own 401 and 422
// are never exercised, (2) replaces the server's answer with a 500, hiding the real status and values,
// (3) names no schema keyword and no value, and (4) validates 3.1 schemas with draft-07 rules only.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundledSpecPath, loadSpec, repoRoot } from './spec-document.mjs';
import { createSchemaValidator } from './schema-validator.mjs';
import { runScenarios } from './scenario-runner.mjs';
import { formatReport } from './report-format.mjs';

export const defaultScenariosPath = resolve(repoRoot, 'spec/vectors/provider-scenarios.json');
const DOCUMENT_EXAMPLE = { merchantId: '32', secretKey: 'abcdefgh' };

/** Runs the check programmatically; returns the run and the printed report. */
export async function verify({ baseUrl, specPath = bundledSpecPath, scenariosPath = defaultScenariosPath, credentials }) {
  const doc = loadSpec(specPath);
  const { scenarios } = JSON.parse(readFileSync(scenariosPath, 'utf8'));
  const userAgent = `merchant-ordering-contract-verify/${doc.info.version} (Node.js/${process.version}; Merchant/${credentials.merchantId})`;
  const run = await runScenarios({ baseUrl, credentials, scenarios, doc, validator: createSchemaValidator(doc), userAgent });
  return { run, report: formatReport({ baseUrl, specVersion: doc.info.version, run }) };
}

export function credentialsFor(baseUrl, env = process.env) {
  if (env.MERCHANT_ID && env.SECRET_KEY) return { merchantId: env.MERCHANT_ID, secretKey: env.SECRET_KEY };
  const { hostname } = new URL(baseUrl);
  if (['127.0.0.1', 'localhost', '[::1]', '::1'].includes(hostname)) return DOCUMENT_EXAMPLE;
  throw new Error(`Set MERCHANT_ID and SECRET_KEY to check ${baseUrl}; the document's example credentials are only used for a local server.`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      spec: { type: 'string', default: bundledSpecPath },
      scenarios: { type: 'string', default: defaultScenariosPath },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values['base-url']) {
    console.error('usage: pnpm contract:verify --base-url <url> [--spec dist/openapi.json] [--scenarios file.json] [--json]\n' +
      'env: MERCHANT_ID, SECRET_KEY (required unless the server is on localhost)');
    return values.help ? 0 : 2;
  }
  const baseUrl = values['base-url'];
  const { run, report } = await verify({
    baseUrl,
    specPath: resolve(process.cwd(), values.spec),
    scenariosPath: resolve(process.cwd(), values.scenarios),
    credentials: credentialsFor(baseUrl),
  });
  console.log(values.json ? JSON.stringify(run, null, 2) : report);
  return run.violationCount === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().then(
    (code) => { process.exitCode = code; },
    (error) => { console.error(`contract:verify could not run: ${error.message}`); process.exitCode = 2; },
  );
}
