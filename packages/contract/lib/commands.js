// merchant-ordering-contract's commands, run on an argv with the output passed in (lib/cli.js is the
// process around them), so that tests run them in process. Exit 0: conforms (or --help, --version);
// 1: violations or breaking changes; 2: could not run (a bad flag or value, a missing file, nothing
// answering at the start), always in one line on stderr.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { checkRelease, formatResult } from './breaking-changes.js';
import { flagHelp, readFlags } from './read-flags.js';
import { credentialsFor, redactorFor } from './credentials.js';
import { loadSpec } from './spec-document.js';
import { bundledSpecPath, providerScenariosPath, vectorFiles, vectorsDir } from './spec-package.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_SECONDS } from './scenario-runner.js';
import { verify } from './verify.js';

const NAME = 'merchant-ordering-contract';
const { version: VERSION } = createRequire(import.meta.url)('../package.json');
// A body is held as one string, and a V8 string holds at most 2^29 - 24 characters.
const MAX_RESPONSE_BYTES = 256 * 2 ** 20;
// What setTimeout can wait for.
const MAX_TIMEOUT_SECONDS = 2_147_483;
// Where credentials go, for a flag that tries to give one.
const CREDENTIALS = 'set MERCHANT_ID and SECRET_KEY';

/**
 * @typedef {{ out: (text: string) => void, err: (text: string) => void }} Io where a command's messages go
 * @typedef {Record<string, any>} FlagValues each flag given, by name: its text, or true for a switch
 * @typedef {{ synopsis: string, summary: string, notes?: string, options: Record<string, { type: 'string' | 'boolean', value?: string, help: string }>, run: (values: FlagValues, io: Io) => number | Promise<number> }} Command
 * @type {Record<string, Command>}
 */
const COMMANDS = {
  verify: {
    synopsis: 'verify --base-url <url> [options]',
    summary: 'Sends the provider scenarios to your server and checks every answer against the description.',
    notes: `Credentials: MERCHANT_ID and SECRET_KEY (a server on localhost defaults to 32 / abcdefgh); never printed.
Exit 0: no violation; 1: violations; 2: could not run (a bad flag, or no answer to the first request).`,
    options: {
      'base-url': { type: 'string', value: '<url>', help: 'the server to check: http(s)://host[:port][/path]' },
      spec: { type: 'string', value: '<file>', help: 'a bundled OpenAPI 3.1 description, JSON or YAML (default: the one in @merchant-ordering/spec)' },
      scenarios: { type: 'string', value: '<file>', help: 'provider scenarios (default: vectors/provider-scenarios.json of @merchant-ordering/spec)' },
      json: { type: 'boolean', help: 'print the run as JSON instead of the report' },
      junit: { type: 'string', value: '<file>', help: 'also write the report as JUnit XML, one test case per scenario, for CI' },
      'max-response-bytes': {
        type: 'string',
        value: '<bytes>',
        help: `read at most this much of each body, counted after decompression (default ${DEFAULT_MAX_RESPONSE_BYTES}, 16 MiB)`,
      },
      timeout: {
        type: 'string',
        value: '<seconds>',
        help: `deadline of each scenario, from the request to the end of the body (default ${DEFAULT_TIMEOUT_SECONDS})`,
      },
    },
    run: verifyCommand,
  },
  breaking: {
    synopsis: 'breaking --base <old spec> --head <new spec> [options]',
    summary: 'Lists the changes from base to head that break a client; fails on one unless the major version rose.',
    notes: 'Exit 0: no breaking change, or the major version rose; 1: breaking changes; 2: could not run.',
    options: {
      base: { type: 'string', value: '<file>', help: 'the released description, bundled, JSON or YAML' },
      head: { type: 'string', value: '<file>', help: 'the new description, bundled, JSON or YAML' },
      changelog: { type: 'string', value: '<file>', help: 'a CHANGELOG that must have a section for a new version' },
      json: { type: 'boolean', help: 'print the result as JSON' },
    },
    run: breakingCommand,
  },
  vectors: {
    synopsis: 'vectors [--json]',
    summary: 'Prints where the test vector files are.',
    options: { json: { type: 'boolean', help: 'print the folder and the files as JSON' } },
    run: vectorsCommand,
  },
};

const USAGE = `${NAME} ${VERSION}: the contract of the Merchant Online Ordering API, checked from the command line.

usage:
${Object.values(COMMANDS)
  .map(({ synopsis, summary }) => `  ${NAME} ${synopsis}\n      ${summary}`)
  .join('\n')}
  ${NAME} <command> --help
      The options of a command.

Descriptions are bundled OpenAPI 3.1 files; the defaults come from @merchant-ordering/spec:
  ${bundledSpecPath}`;

/** @param {string} name */
function commandUsage(name) {
  const { synopsis, summary, notes, options } = /** @type {Command} */ (COMMANDS[name]);
  return [
    `usage: ${NAME} ${synopsis}`,
    '',
    summary,
    '',
    'options:',
    flagHelp({
      ...options,
      help: { type: 'boolean', short: 'h', help: 'print this and exit' },
      version: { type: 'boolean', help: 'print the version and exit' },
    }),
    ...(notes ? ['', notes] : []),
  ].join('\n');
}

/**
 * Runs the command line `argv` (without `node` and the script); `io.out` and `io.err` each take one
 * message (a line or more, without its last newline). Resolves with the exit code; never rejects.
 * @param {string[]} argv
 * @param {Io} io
 * @returns {Promise<number>}
 */
export async function runCommand(argv, io) {
  try {
    return await main(argv, io);
  } catch (error) {
    // Never a stack trace, never a credential: what reaches here names files and URLs only.
    return fail(io, `could not run: ${oneLine(error)}`);
  }
}

/**
 * The bin (lib/cli.js): the arguments after `node` and the script, each message one `console.log` or
 * `console.error`, the command's code as the exit code.
 * @param {{ argv: string[], exitCode?: number | string | null | undefined }} proc process fits
 * @param {{ log: (text: string) => void, error: (text: string) => void }} output console fits
 */
export async function runProcess(proc, output) {
  proc.exitCode = await runCommand(proc.argv.slice(2), { out: (text) => output.log(text), err: (text) => output.error(text) });
}

/**
 * @param {string[]} argv
 * @param {Io} io
 */
async function main(argv, io) {
  const [command, ...args] = argv;
  const known = Object.keys(COMMANDS).join(', ');
  if (command === undefined) return fail(io, `which command? ${known} (${NAME} --help)`);
  if (command === 'help' && args.length === 0) return print(io, USAGE);
  if (command === 'help' && args[0] !== undefined && Object.hasOwn(COMMANDS, args[0])) return print(io, commandUsage(args[0]));
  if (command.startsWith('-')) {
    // No command yet: --help and --version answer; any other flag is named, without its value.
    const read = readFlags(argv, {}, { command: NAME, credentials: CREDENTIALS });
    if ('help' in read) return print(io, USAGE);
    if ('version' in read) return print(io, VERSION);
    return fail(io, 'error' in read ? read.error : `which command? ${known} (${NAME} --help)`);
  }
  if (!Object.hasOwn(COMMANDS, command)) return fail(io, `unknown command "${command}"; the commands are ${known} (${NAME} --help)`);
  const { options, run } = /** @type {Command} */ (COMMANDS[command]);
  const read = readFlags(args, options, { command: `${NAME} ${command}`, credentials: CREDENTIALS });
  if ('help' in read) return print(io, commandUsage(command));
  if ('version' in read) return print(io, VERSION);
  if ('error' in read) return fail(io, read.error);
  return run(read.values, io);
}

/**
 * @param {FlagValues} values
 * @param {Io} io
 */
async function verifyCommand(values, io) {
  const baseUrl = values['base-url'];
  if (baseUrl === undefined) return fail(io, 'verify needs --base-url <url>');
  const urlProblem = baseUrlProblem(baseUrl);
  if (urlProblem) return fail(io, `--base-url: ${urlProblem}`);
  const maxResponseBytes = wholeNumber(values['max-response-bytes'], DEFAULT_MAX_RESPONSE_BYTES);
  if (!(maxResponseBytes >= 1 && maxResponseBytes <= MAX_RESPONSE_BYTES)) {
    return fail(io, `--max-response-bytes: "${values['max-response-bytes']}" is not a whole number of bytes from 1 to ${MAX_RESPONSE_BYTES}`);
  }
  const timeoutSeconds = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(values.timeout);
  if (!(timeoutSeconds > 0 && timeoutSeconds <= MAX_TIMEOUT_SECONDS) || values.timeout?.trim() === '') {
    return fail(io, `--timeout: "${values.timeout}" is not a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}`);
  }
  const specPath = resolve(values.spec ?? bundledSpecPath);
  const scenariosPath = resolve(values.scenarios ?? providerScenariosPath);
  const missing = missingFile({ '--spec': specPath, '--scenarios': scenariosPath });
  if (missing) return fail(io, missing);
  const junitPath = values.junit === undefined ? undefined : resolve(values.junit);
  if (junitPath !== undefined && !(existsSync(dirname(junitPath)) && statSync(dirname(junitPath)).isDirectory()))
    return fail(io, `--junit: ${dirname(junitPath)} is not a folder`);
  if (junitPath !== undefined && existsSync(junitPath) && statSync(junitPath).isDirectory()) return fail(io, `--junit: ${junitPath} is a folder`);
  let credentials;
  try {
    credentials = credentialsFor(baseUrl);
  } catch (error) {
    return fail(io, /** @type {Error} */ (error).message);
  }
  const redact = redactorFor(credentials);
  try {
    const { run, report, junit } = await verify({ baseUrl, specPath, scenariosPath, credentials, maxResponseBytes, timeoutSeconds });
    io.out(values.json ? redact(JSON.stringify(run, null, 2)) : report);
    if (junitPath !== undefined) writeFileSync(junitPath, junit);
    return run.violationCount === 0 ? 0 : 1;
  } catch (error) {
    return fail(io, `could not run: ${redact(oneLine(error))}`);
  }
}

/**
 * Why `text` cannot be the base URL; the URL itself is not repeated when it holds credentials.
 * @param {string} text
 */
function baseUrlProblem(text) {
  if (!URL.canParse(text)) return `"${text}" is not a URL`;
  const url = new URL(text);
  if (url.username || url.password) return 'must not hold credentials (user:password@); set MERCHANT_ID and SECRET_KEY';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${text}" is not an http or https URL`;
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    return `"${text}" has a query or a fragment; give the URL that /ping and /v2/... follow`;
  return undefined;
}

/**
 * @param {string | undefined} text
 * @param {number} fallback
 */
function wholeNumber(text, fallback) {
  if (text === undefined) return fallback;
  return /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
}

/** @param {Record<string, string | undefined>} files by flag */
function missingFile(files) {
  for (const [flag, path] of Object.entries(files)) {
    if (path !== undefined && !(existsSync(path) && statSync(path).isFile())) return `${flag}: ${path} is not a file`;
  }
  return undefined;
}

/**
 * @param {FlagValues} values
 * @param {Io} io
 */
function breakingCommand(values, io) {
  if (values.base === undefined || values.head === undefined) return fail(io, 'breaking needs --base <old spec> and --head <new spec>');
  const [base, head] = [resolve(values.base), resolve(values.head)];
  const changelog = values.changelog === undefined ? undefined : resolve(values.changelog);
  const missing = missingFile({ '--base': base, '--head': head, '--changelog': changelog });
  if (missing) return fail(io, missing);
  let result;
  try {
    result = checkRelease({
      released: loadSpec(base),
      current: loadSpec(head),
      changelog: changelog === undefined ? undefined : readFileSync(changelog, 'utf8'),
    });
  } catch (error) {
    return fail(io, `could not run: ${oneLine(error)}`);
  }
  io.out(values.json ? JSON.stringify(result, null, 2) : formatResult(result));
  return result.ok ? 0 : 1;
}

/**
 * @param {FlagValues} values
 * @param {Io} io
 */
function vectorsCommand(values, io) {
  const files = vectorFiles();
  if (values.json) io.out(JSON.stringify({ directory: vectorsDir, files }, null, 2));
  else io.out([`Test vectors of @merchant-ordering/spec, in ${vectorsDir}:`, ...files.map(({ path }) => `  ${path}`)].join('\n'));
  return 0;
}

/**
 * @param {Io} io
 * @param {string} text
 */
function print(io, text) {
  io.out(text);
  return 0;
}

/**
 * One line on stderr, exit 2: the command could not run as asked.
 * @param {Io} io
 * @param {string} message
 */
function fail(io, message) {
  io.err(`${NAME}: ${message}`);
  return 2;
}

// A parser's message may run over several lines (YAML quotes the offending lines): the first is the point.
/** @param {unknown} error */
function oneLine(error) {
  return (
    String(/** @type {{ message?: unknown } | undefined} */ (error)?.message ?? error)
      .split('\n')[0]
      ?.trim() ?? ''
  );
}
