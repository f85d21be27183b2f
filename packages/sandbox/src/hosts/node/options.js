// The command line's flags and the defaults they start from: the one table that the bin
// (`merchant-ordering-sandbox`) and `pnpm sandbox` read. Plain JavaScript, typed by its JSDoc and
// importing only Node, engine/defaults.js and read-flags.js, so that `pnpm sandbox` runs it from source, on any Node we
// support and before anything is built, to answer --help, --version and a bad flag at once.
import { createRequire } from 'node:module';
import { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED } from '../../engine/defaults.js';
import { flagHelp, readFlags } from './read-flags.js';

export { DEFAULT_CREDENTIALS, DEFAULT_CURRENCY, DEFAULT_PAYMENTS, DEFAULT_SEED };
export const DEFAULT_HOST = '127.0.0.1';
/** The command line's port; `startSandbox()` picks a free one unless told. */
export const DEFAULT_CLI_PORT = 4011;

export const COMMAND = 'merchant-ordering-sandbox';

/** Each flag: its type and default, the name of its value in the usage, and what it sets. */
export const FLAGS = /** @type {const} */ ({
  port: { type: 'string', default: String(DEFAULT_CLI_PORT), value: '<n>', help: 'the port; 0 picks a free one' },
  host: { type: 'string', default: DEFAULT_HOST, value: '<host>', help: 'the interface to listen on' },
  'merchant-id': { type: 'string', default: DEFAULT_CREDENTIALS.merchantId, value: '<id>', help: 'the Merchant ID it accepts, without a colon' },
  'secret-key': { type: 'string', default: DEFAULT_CREDENTIALS.secretKey, value: '<key>', help: 'the Secret Key it accepts' },
  payments: { type: 'string', default: String(DEFAULT_PAYMENTS), value: '<n>', help: 'how many payments the seeded dataset has' },
  seed: { type: 'string', default: String(DEFAULT_SEED), value: '<seed>', help: 'the same seed gives the same payments and random faults' },
  faults: { type: 'string', default: '', value: '<list>', help: 'random faults, e.g. 429:0.1,503:0.05,insert:0.1' },
  'cors-origins': {
    type: 'string',
    default: '',
    value: '<list>',
    help: 'origins whose web pages may call it, besides loopback ones and the hosted docs; * for any',
  },
  evolve: { type: 'boolean', help: 'the service after releases a client has not caught up with: unknown fields and values' },
  help: { type: 'boolean', short: 'h', help: 'print this help and exit' },
  version: { type: 'boolean', help: 'print the version and exit' },
});

/**
 * @typedef {object} RunSettings
 * @property {number} port
 * @property {string} host
 * @property {string} merchantId
 * @property {string} secretKey
 * @property {number} payments
 * @property {string | number} seed a string of digits is the number
 * @property {string} faults
 * @property {string[]} corsOrigins
 * @property {boolean} evolve
 */

/** @typedef {{ kind: 'help' } | { kind: 'version' } | { kind: 'error', message: string } | { kind: 'run', settings: RunSettings }} CommandLine */

/**
 * What the arguments ask for (read-flags.js's rules). Values are checked for their form here (a port is
 * digits); the ranges and the fault list are startSandbox's to check, once built.
 * @param {readonly string[]} args
 * @returns {CommandLine}
 */
export function readCommandLine(args) {
  const read = readFlags(args, FLAGS, { command: COMMAND });
  if ('help' in read) return { kind: 'help' };
  if ('version' in read) return { kind: 'version' };
  if ('error' in read) return { kind: 'error', message: read.error };
  const text = (/** @type {keyof typeof FLAGS} */ name) => String(read.values[name] ?? ('default' in FLAGS[name] ? FLAGS[name].default : ''));
  const digits = (/** @type {string} */ value) => /^[0-9]+$/.test(value);
  if (!digits(text('port'))) return { kind: 'error', message: `--port: "${text('port')}" is not a port number (0 picks a free one)` };
  if (!digits(text('payments'))) return { kind: 'error', message: `--payments: "${text('payments')}" is not a whole number` };
  return {
    kind: 'run',
    settings: {
      port: Number(text('port')),
      host: text('host'),
      merchantId: text('merchant-id'),
      secretKey: text('secret-key'),
      payments: Number(text('payments')),
      seed: digits(text('seed')) ? Number(text('seed')) : text('seed'),
      faults: text('faults'),
      corsOrigins: text('cors-origins')
        ? text('cors-origins')
            .split(',')
            .map((origin) => origin.trim())
        : [],
      evolve: read.values.evolve === true,
    },
  };
}

/** The usage text, from the flag table, each default after its help. */
export function usage() {
  const described = Object.fromEntries(
    Object.entries(FLAGS).map(([name, flag]) => [
      name,
      { ...flag, help: `${flag.help}${'default' in flag && flag.default !== '' ? ` (default ${flag.default})` : ''}` },
    ]),
  );
  return `usage: ${COMMAND} [flags]

Serves a sandbox of the Merchant Online Ordering API and prints how to call it. Ctrl+C stops it.

${flagHelp(described)}`;
}

/** The version of the sandbox package (its package.json sits three folders above src/hosts/node/ and dist/hosts/node/ alike). */
export function version() {
  return /** @type {{ version: string }} */ (createRequire(import.meta.url)('../../../package.json')).version;
}

/**
 * Prints what --help, --version or a bad flag asks for, and returns the exit code: 0, or 2 for bad
 * usage (one line naming the flag).
 * @param {Exclude<CommandLine, { kind: 'run' }>} line
 * @param {{ log: (text: string) => void, error: (text: string) => void }} output console fits
 * @returns {number}
 */
export function answerWithoutRunning(line, output = console) {
  if (line.kind === 'help') output.log(usage());
  else if (line.kind === 'version') output.log(version());
  else output.error(`${COMMAND}: ${line.message}`);
  return line.kind === 'error' ? 2 : 0;
}
