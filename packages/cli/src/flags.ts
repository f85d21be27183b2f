// The command line's flags: `--name value`, `--name=value`, booleans, repeatable ones. Our own small
// parser rather than node:util's parseArgs, so that every mistake is one line of our wording, and so
// that no message ever echoes a value given to a flag we do not know (it may be a secret).
import { UsageError } from './errors.js';

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** Repeatable: `--status APPROVED --status DECLINED`. */
  multiple?: boolean;
  /** The value's placeholder in the help, e.g. `DATE`. */
  value?: string;
  help: string;
}

export type FlagSpecs = Record<string, FlagSpec>;
export type FlagValues = Record<string, string | string[] | boolean | undefined>;

/** Flags people try for credentials. They are refused with a pointer to where credentials go. */
const CREDENTIAL_FLAGS = /^(merchant-?id|secret(-?key)?|password|api-?key|key|token-secret|credentials?|user(name)?)$/i;

/**
 * `command` names the command in messages (`payments list`). Stops at the first mistake: an unknown
 * flag, a value missing or given to a boolean, a flag given twice, an argument that is not a flag.
 */
export function parseFlags(args: readonly string[], specs: FlagSpecs, command: string): FlagValues {
  const values: FlagValues = {};
  const seeHelp = `(see merchant-ordering ${command} --help)`;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const match = /^--([^=]+)(?:=([\s\S]*))?$/.exec(arg) ?? (arg === '-h' ? ['-h', 'help', undefined] : null);
    if (!match) {
      const shown = arg.startsWith('-') ? arg.replace(/=.*$/s, '') : JSON.stringify(arg.length > 40 ? `${arg.slice(0, 40)}…` : arg);
      throw new UsageError(`${arg.startsWith('-') ? `unknown flag ${shown}` : `unexpected argument ${shown}`} for ${command} ${seeHelp}`);
    }
    const name = match[1]!;
    const inline = match[2];
    const spec = specs[name];
    if (!spec) {
      if (CREDENTIAL_FLAGS.test(name)) {
        throw new UsageError(
          `--${name}: credentials are never read from flags (ps and the shell history would show them); set MERCHANT_ID and SECRET_KEY, or use a profile`,
        );
      }
      throw new UsageError(`unknown flag --${name} for ${command} ${seeHelp}`);
    }
    let value: string | boolean;
    if (spec.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      value = true;
    } else if (inline !== undefined) {
      value = inline;
    } else {
      const next = args[index + 1];
      // A value may start with a dash only as a number (`--offset -1`); `--status --limit 5` forgot one.
      if (next === undefined || (next.startsWith('-') && !/^-\d/.test(next)))
        throw new UsageError(`--${name} needs a value${spec.value ? `: --${name} ${spec.value}` : ''}`);
      value = next;
      index++;
    }
    if (spec.multiple) {
      values[name] = [...((values[name] as string[] | undefined) ?? []), value as string];
    } else if (values[name] !== undefined && spec.type === 'string') {
      throw new UsageError(`--${name} is given twice; give it once`);
    } else {
      values[name] = value;
    }
  }
  return values;
}

/** A whole number as typed (`-1` included); anything else is passed on as text, for the client to refuse by its rule. */
export function integerFlag(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
}

/** The help's flag list: `  --status VALUE   one or more statuses...`, aligned. */
export function flagHelp(specs: FlagSpecs): string {
  const rows = Object.entries(specs).map(([name, spec]) => [`--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.help] as const);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`).join('\n');
}
