// The bin's flags: `--name value`, `--name=value` and booleans. Every mistake is one line of our
// wording that never echoes a value given to a flag we do not know (it may be a secret).
import { UsageError } from './errors.js';
import { SERVER_NAME } from './version.js';

interface FlagSpec {
  type: 'string' | 'boolean';
  value?: string;
  help: string;
}

export const FLAGS: Record<string, FlagSpec> = {
  http: { type: 'boolean', help: 'serve Streamable HTTP on 127.0.0.1 instead of stdio' },
  port: { type: 'string', value: 'N', help: 'with --http: the port (default 0: any free port, printed on stderr)' },
  live: { type: 'boolean', help: 'read the service instead of the in-process sandbox (credentials from MERCHANT_ID/SECRET_KEY or a profile)' },
  environment: { type: 'string', value: 'sandbox|production', help: "with --live: the service's environment (default: sandbox; production only when named)" },
  'base-url': { type: 'string', value: 'URL', help: 'with --live: another base URL, https (plain http to localhost only)' },
  profile: {
    type: 'string',
    value: 'NAME',
    help: 'with --live: the profile of the CLI\'s profiles.json (default "default"); MERCHANT_ID and SECRET_KEY win over it',
  },
  help: { type: 'boolean', help: 'print this help' },
  version: { type: 'boolean', help: 'print the version' },
};

export type FlagValues = Record<string, string | boolean | undefined>;

/** Flags people try for credentials: refused with a pointer to where credentials go. */
const CREDENTIAL_FLAGS = /^(merchant-?id|secret(-?key)?|password|api-?key|key|credentials?|user(name)?)$/i;
const SEE_HELP = `(see ${SERVER_NAME} --help)`;

export function parseFlags(args: readonly string[]): FlagValues {
  const values: FlagValues = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const match = /^--([^=]+)(?:=([\s\S]*))?$/.exec(arg) ?? (arg === '-h' ? ['-h', 'help', undefined] : null);
    if (!match) {
      const shown = arg.startsWith('-') ? arg.replace(/=.*$/s, '') : JSON.stringify(arg.length > 40 ? `${arg.slice(0, 40)}…` : arg);
      throw new UsageError(`${arg.startsWith('-') ? `unknown flag ${shown}` : `unexpected argument ${shown}`} ${SEE_HELP}`);
    }
    const [, name = '', inline] = match;
    const spec = Object.hasOwn(FLAGS, name) ? FLAGS[name] : undefined;
    if (!spec) {
      if (CREDENTIAL_FLAGS.test(name))
        throw new UsageError(
          `--${name}: credentials are never read from flags (an agent host's configuration and ps would show them); set MERCHANT_ID and SECRET_KEY, or use a profile`,
        );
      throw new UsageError(`unknown flag --${name} ${SEE_HELP}`);
    }
    if (values[name] !== undefined) throw new UsageError(`--${name} is given twice; give it once`);
    if (spec.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      values[name] = true;
    } else if (inline !== undefined) {
      values[name] = inline;
    } else {
      const next = args[index + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`--${name} needs a value: --${name} ${spec.value}`);
      values[name] = next;
      index++;
    }
  }
  return values;
}

export function helpText(): string {
  const width = Math.max(...Object.entries(FLAGS).map(([name, spec]) => `--${name}${spec.value ? ` ${spec.value}` : ''}`.length));
  const rows = Object.entries(FLAGS).map(([name, spec]) => `  ${`--${name}${spec.value ? ` ${spec.value}` : ''}`.padEnd(width)}  ${spec.help}`);
  return [
    `Usage: ${SERVER_NAME} [--http [--port N]] [--live [--environment sandbox|production | --base-url URL] [--profile NAME]]`,
    '',
    'A Model Context Protocol server for the Merchant Online Ordering API, read-only: the tools ping,',
    'get_configuration, list_payments and summarise_payments, and the description as resources. It',
    'answers from a sandbox in this process unless --live is given. MCP over stdio unless --http.',
    '',
    ...rows,
    '',
    'Exit codes: 0 stopped, 2 a wrong flag or set-up, 130/143 stopped by SIGINT/SIGTERM.',
    '',
  ].join('\n');
}
