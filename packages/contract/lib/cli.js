#!/usr/bin/env node
// merchant-ordering-contract: the contract kit's commands. Exit 0: conforms; 1: violations or breaking
// changes; 2: wrong usage or could not run.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkRelease, formatResult } from './breaking-changes.js';
import { loadSpec } from './spec-document.js';
import { bundledSpecPath, providerScenariosPath, vectorFiles, vectorsDir } from './spec-package.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_SECONDS } from './scenario-runner.js';
import { credentialsFor, redactorFor } from './credentials.js';
import { verify } from './verify.js';

const NAME = 'merchant-ordering-contract';
const USAGE = `usage:
  ${NAME} verify --base-url <url> [--spec <openapi.json>] [--scenarios <file.json>] [--json]
      Sends the provider scenarios to your server and checks every answer against the description.
      Credentials: MERCHANT_ID and SECRET_KEY (a server on localhost defaults to 32 / abcdefgh).
  ${NAME} breaking --base <old spec> --head <new spec> [--changelog <CHANGELOG.md>] [--json]
      Lists the changes from base to head that break a client; fails on one unless the major version rose.
  ${NAME} vectors [--json]
      Prints where the test vector files are.
Specs are bundled OpenAPI 3.1 files, JSON or YAML. Defaults come from @merchant-ordering/spec:
  ${bundledSpecPath}`;

const commands = { verify: verifyCommand, breaking: breakingCommand, vectors: vectorsCommand };

async function main(argv) {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!Object.hasOwn(commands, command)) return usageError(`unknown command "${command}"`);
  let values;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS[command], strict: true }));
  } catch (error) {
    return usageError(error.message);
  }
  return commands[command](values);
}

const OPTIONS = {
  verify: {
    'base-url': { type: 'string' },
    spec: { type: 'string', default: bundledSpecPath },
    scenarios: { type: 'string', default: providerScenariosPath },
    json: { type: 'boolean', default: false },
    'max-response-bytes': { type: 'string', default: String(DEFAULT_MAX_RESPONSE_BYTES) },
    timeout: { type: 'string', default: String(DEFAULT_TIMEOUT_SECONDS) },
  },
  breaking: {
    base: { type: 'string' },
    head: { type: 'string' },
    changelog: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  vectors: { json: { type: 'boolean', default: false } },
};

async function verifyCommand(values) {
  const baseUrl = values['base-url'];
  if (!baseUrl) return usageError('verify needs --base-url <url>');
  if (!URL.canParse(baseUrl)) return usageError(`--base-url: "${baseUrl}" is not a URL`);
  const maxResponseBytes = Number(values['max-response-bytes']);
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < 1) return usageError(`--max-response-bytes: "${values['max-response-bytes']}" is not a positive whole number of bytes`);
  const timeoutSeconds = Number(values.timeout);
  if (!(timeoutSeconds > 0)) return usageError(`--timeout: "${values.timeout}" is not a positive number of seconds`);
  let credentials;
  try {
    credentials = credentialsFor(baseUrl);
  } catch (error) {
    return fail(error.message);
  }
  const redact = redactorFor(credentials);
  try {
    const { run, report } = await verify({
      baseUrl,
      specPath: resolve(values.spec),
      scenariosPath: resolve(values.scenarios),
      credentials,
      maxResponseBytes,
      timeoutSeconds,
    });
    console.log(values.json ? redact(JSON.stringify(run, null, 2)) : report);
    return run.violationCount === 0 ? 0 : 1;
  } catch (error) {
    throw new Error(redact(error.message));
  }
}

function breakingCommand(values) {
  if (!values.base || !values.head) return usageError('breaking needs --base <old spec> and --head <new spec>');
  const result = checkRelease({
    released: loadSpec(resolve(values.base)),
    current: loadSpec(resolve(values.head)),
    changelog: values.changelog === undefined ? undefined : readFileSync(resolve(values.changelog), 'utf8'),
  });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatResult(result));
  return result.ok ? 0 : 1;
}

function vectorsCommand(values) {
  const files = vectorFiles();
  if (values.json) console.log(JSON.stringify({ directory: vectorsDir, files }, null, 2));
  else console.log([`Test vectors of @merchant-ordering/spec, in ${vectorsDir}:`, ...files.map(({ path }) => `  ${path}`)].join('\n'));
  return 0;
}

/** One line on stderr, exit 2: the command could not run as asked. */
function fail(message) {
  console.error(`${NAME}: ${message}`);
  return 2;
}

function usageError(message) {
  console.error(`${NAME}: ${message}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // Never a stack trace, never a credential: the messages above name files and URLs only.
    console.error(`${NAME}: could not run: ${error.message}`);
    process.exitCode = 2;
  },
);
