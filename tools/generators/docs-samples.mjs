#!/usr/bin/env node
// The docs' samples in the generator matrix: a target whose meta.json names a `samples` language
// (openapi-generator's python, go, java, kotlin and rust) writes them with the page's own renderer
// (renderSample, with its defaults), compiles them beside its client, and runs each exact text:
//
//   node docs-samples.mjs write <language> <folder>     the programs and a manifest.json
//   node docs-samples.mjs run <language> <folder> -- <command with {file} {name} {main}>
//
// Three sets run. `docs`: the page's samples as shown (named examples, worked credentials), pointed at
// a sandbox that accepts those credentials through MERCHANT_API_BASE_URL, as their comment says.
// `console`: the Try it console's rewrite of the worked examples for a local sandbox, which the
// programs fall back to (MERCHANT_API_BASE_URL unset). `hostile`: List payments with every hostile
// value of the literal tests as a merchant reference, sent to the recorder, which must read exactly
// those values. `run` prints one `RESULT samples pass|fail <detail>` line.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The docs package's renderer and templates, imported from the workspace (the docs package publishes nothing).
import { exampleRequest, operationsOf, parametersOf, queryString, renderSample, WORKED_EXAMPLE } from '../../packages/docs/scripts/code-samples.mjs';
import { HOSTILE_SECRET_KEY, HOSTILE_VALUES } from '../../packages/docs/scripts/hostile-values.mjs';
import { readSampleTemplates } from '../../packages/docs/scripts/sample-templates.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const spec = JSON.parse(readFileSync(resolve(here, '../../spec/dist/openapi.json'), 'utf8'));
const templates = readSampleTemplates();
/** Bounds one program's run; a JVM start under load fits well inside it. */
const RUN_TIMEOUT_MS = 60_000;

/** Where each language's programs go, named so that the three sets can sit side by side. */
const LAYOUT = {
  Python: ({ snake }) => ({ file: `${snake}.py` }),
  Go: ({ snake }) => ({ file: `${snake}/main.go` }),
  // One folder per program: the class of each set has the operation's name.
  Java: ({ snake, pascal }) => ({ file: `${snake}/${pascal}.java`, main: pascal }),
  // The docs' Kotlin file has the name its comment gives (ListPayments.kt, class ListPaymentsKt); the
  // other sets' files are prefixed, as their facade classes share one compilation.
  Kotlin: ({ set, pascal }) => {
    const file = set === 'docs' ? pascal : `${set[0].toUpperCase()}${set.slice(1)}${pascal}`;
    return { file: `${file}.kt`, main: `${file}Kt` };
  },
  Rust: ({ snake }) => ({ file: `src/bin/${snake}.rs`, main: snake }),
};

const USAGE = 'usage: docs-samples.mjs write <Python|Go|Java|Kotlin|Rust> <folder> | run <language> <folder> -- <command with {file} {name} {main}>';
if (process.argv[2] === '--help' || process.argv[2] === '-h') {
  console.log(USAGE);
  process.exit(0);
}
const [command, language, folder, separator, ...runCommand] = process.argv.slice(2);
if (!LAYOUT[language] || !folder || !['write', 'run'].includes(command) || (command === 'run' && (separator !== '--' || !runCommand.length))) {
  console.error(USAGE);
  process.exit(2);
}
if (command === 'write') write(language, resolve(folder));
else await run(resolve(folder), runCommand);

/** The programs of the three sets, with what each must show. */
function programs(language) {
  const env = process.env;
  const docsSandbox = required('DOCS_SANDBOX_URL');
  const entries = operationsOf(spec);
  const docs = entries.map((entry) => ({ set: 'docs', entry, request: undefined, env: { MERCHANT_API_BASE_URL: docsSandbox } }));
  const rewritten = entries.map((entry) => ({ set: 'console', entry, request: { ...exampleRequest(spec, entry), localBaseUrl: docsSandbox }, env: {} }));
  const list = entries.find(({ operation }) => operation.operationId === 'listPayments');
  const hostileRequest = hostile(list);
  const hostileRun = {
    set: 'hostile',
    entry: list,
    request: { ...hostileRequest, localBaseUrl: required('RECORDER_URL') },
    env: {},
    expectedQuery: hostileRequest.url.split('?')[1],
  };
  return [...docs, ...rewritten, hostileRun].map((program) => {
    const operationId = program.entry.operation.operationId;
    const pascal = operationId[0].toUpperCase() + operationId.slice(1);
    const snake = `${program.set}_${operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
    return {
      ...program,
      operationId,
      name: snake,
      ...LAYOUT[language]({ set: program.set, snake, pascal }),
      source: renderSample(spec, language, program.entry, templates, program.request),
    };
  });
  function required(name) {
    if (!env[name]) throw new Error(`${name} is not set: run.mjs sets it`);
    return env[name];
  }
}

/** List payments with every hostile value as a merchant reference, and a hostile Secret Key. */
function hostile(entry) {
  const parameter = parametersOf(spec, entry.pathItem, entry.operation).find(({ name }) => name === 'merchantReferences');
  const query = [{ parameter, value: HOSTILE_VALUES }];
  return {
    query,
    credentials: { merchantId: WORKED_EXAMPLE.merchantId, secretKey: HOSTILE_SECRET_KEY },
    url: `http://recorder${entry.path}${queryString(query)}`,
  };
}

function write(language, root) {
  const manifest = [];
  for (const program of programs(language)) {
    mkdirSync(dirname(join(root, program.file)), { recursive: true });
    writeFileSync(join(root, program.file), program.source);
    manifest.push({
      set: program.set,
      operationId: program.operationId,
      name: program.name,
      file: program.file,
      main: program.main,
      env: program.env,
      expectedQuery: program.expectedQuery,
    });
  }
  writeFileSync(join(root, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${manifest.length} ${language} programs into ${root}`);
}

async function run(root, template) {
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
  const expected = await expectations();
  const problems = [];
  const shown = [];
  for (const program of manifest) {
    const argv = template.map((part) =>
      part
        .replaceAll('{file}', join(root, program.file))
        .replaceAll('{name}', program.name)
        .replaceAll('{main}', program.main ?? ''),
    );
    const env = { ...process.env, ...program.env };
    if (!('MERCHANT_API_BASE_URL' in program.env)) delete env.MERCHANT_API_BASE_URL;
    const result = await new Promise((done) =>
      execFile(argv[0], argv.slice(1), { env, cwd: root, timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        done({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
      ),
    );
    process.stderr.write(`--- ${program.name} (${program.file}): exit ${result.code}\n${result.stdout}${result.stderr}\n`);
    const problem = await check(program, result, expected);
    if (problem) problems.push(`${program.name}: ${problem}`);
    else shown.push(program);
  }
  const payments = expected.listPayments.ids.length;
  const detail = problems.length
    ? problems.join('; ')
    : `the docs' samples compiled and ran as shown: List payments returned ${payments} payments (${expected.listPayments.ids.join(', ')}), Get configuration and Ping answered as documented; the console's rewrites for a local sandbox did the same; ${HOSTILE_VALUES.length} hostile merchant references reached the recorder exactly`;
  console.log(`RESULT samples ${problems.length ? 'fail' : 'pass'} ${detail}`);
  process.exitCode = problems.length ? 1 : 0;
}

/** What the docs' sandbox answers to each operation's named examples, asked directly. */
async function expectations() {
  const base = process.env.DOCS_SANDBOX_URL;
  const answers = {};
  for (const entry of operationsOf(spec)) {
    const { url } = exampleRequest(spec, entry);
    const target = url.slice(url.indexOf(entry.path));
    const response = await fetch(`${base}${target}`, {
      headers: {
        authorization: `Basic ${btoa(`${WORKED_EXAMPLE.merchantId}:${WORKED_EXAMPLE.secretKey}`)}`,
        accept: entry.path === '/ping' ? 'text/plain' : 'application/json',
      },
    });
    const text = await response.text();
    answers[entry.operation.operationId] = {
      status: response.status,
      text,
      json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    };
  }
  const list = answers.listPayments;
  if (list.status !== 200 || !list.json.results.length) throw new Error(`the docs' sandbox gave no payments for the named examples (${list.status})`);
  return {
    listPayments: { ids: list.json.results.map(({ id }) => id) },
    getConfiguration: { amount: answers.getConfiguration.json.maximumAmount.amount },
    ping: { text: answers.ping.text.trim() },
  };
}

/** Why a program's run is not what its operation promises, or '' when it is. */
async function check(program, { code, stdout }, expected) {
  if (code !== 0) return `exit ${code}`;
  if (program.set === 'hostile') {
    const recorder = process.env.RECORDER_URL;
    const answer = await (await fetch(`${recorder}/__recorded/last?expected=${encodeURIComponent(program.expectedQuery)}`)).json();
    return answer.samePairs ? '' : `the recorder read another query: ${answer.difference}`;
  }
  if (program.operationId === 'listPayments') {
    const missing = expected.listPayments.ids.filter((id) => !stdout.includes(id));
    return missing.length ? `printed no payment ${missing.join(', ')}` : '';
  }
  if (program.operationId === 'getConfiguration')
    return stdout.includes(expected.getConfiguration.amount) ? '' : `printed no maximum amount ${expected.getConfiguration.amount}`;
  if (program.operationId === 'ping')
    return stdout.trim() === expected.ping.text ? '' : `printed ${JSON.stringify(stdout.trim().slice(0, 80))}, not ${JSON.stringify(expected.ping.text)}`;
  return `no check for ${program.operationId}`;
}
