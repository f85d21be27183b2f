// How every command of ours reads its flags, in one file that each package with a bin ships as is
// (a bin cannot depend on a private package); tools/test/start/flags-one-way.test.mjs keeps the copies
// byte-identical and runs every bin. Plain JavaScript with no import, so `pnpm sandbox` runs it from
// source on any Node we support. The rules:
// - `--help` (`-h`) wins over anything else before `--`, a mistake included: it is what a lost user
//   types. Then `--version`, which prints the version of the package the command ships in, alone on
//   one line (as npm, pnpm and node do); the repository's own commands, in no package, print the API
//   description's version, which the toolkit's release is at.
// - Anything wrong is one line naming the flag, which the command prints on stderr with exit code 2.
//   It stops at the first mistake, and never echoes a value given to a flag (it may be a secret).
// - A flag that looks like a credential is refused with a pointer to where credentials go, unless the
//   command has it (the sandbox's --secret-key is the key it accepts, not one it sends).

/**
 * @typedef {object} Flag
 * @property {'string' | 'boolean'} type
 * @property {boolean} [multiple] repeatable: `--status APPROVED --status DECLINED`
 * @property {string} [short] its one-letter form: `h` for `-h`
 * @property {string} [value] the value's name in the usage: `<n>`
 * @property {string} [help] what it does, in the usage
 * @typedef {Record<string, Flag>} Flags
 * @typedef {Record<string, string | string[] | boolean>} FlagValues
 * @typedef {{ help: true } | { version: true } | { error: string } | { values: FlagValues, positionals: string[] }} FlagReading
 */

const CREDENTIAL = /^(merchant-?id|secret(-?key)?|password|api-?key|key|token-secret|credentials?|user(name)?)$/i;
/** @type {Flags} */
const ALWAYS = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } };

/**
 * What the arguments ask for, or the one line saying what is wrong with them.
 * @param {readonly string[]} args
 * @param {Flags} flags
 * @param {{ command: string, positionals?: boolean, credentials?: string }} how `command` is what the
 *   hint sends to --help (`merchant-ordering payments list`); `positionals` allows arguments that are
 *   not flags; `credentials` says where credentials go, and turns on the refusal of credential flags.
 * @returns {FlagReading}
 */
export function readFlags(args, flags, { command, positionals: allowPositionals = false, credentials }) {
  const terminator = args.indexOf('--');
  const own = terminator === -1 ? args : args.slice(0, terminator);
  if (own.includes('--help') || own.includes('-h')) return { help: true };
  if (own.includes('--version')) return { version: true };
  const known = { ...ALWAYS, ...flags };
  const seeHelp = `(see ${command} --help)`;
  /** @type {FlagValues} */
  const values = {};
  /** @type {string[]} */
  const positionals = terminator === -1 ? [] : args.slice(terminator + 1);
  /** @type {string | undefined} the boolean flag just read, which a stray argument after it was meant for */
  let lastSwitch;
  for (let index = 0; index < own.length; index++) {
    const arg = /** @type {string} */ (own[index]);
    const match = /^(--?)([^=]+)(?:=([\s\S]*))?$/.exec(arg);
    if (!match) {
      if (!allowPositionals) return { error: lastSwitch ? `--${lastSwitch} takes no value` : `unexpected argument ${quote(arg)} ${seeHelp}` };
      positionals.push(arg);
      continue;
    }
    const [, dashes, given = '', inline] = match;
    const name = dashes === '--' ? given : Object.keys(known).find((candidate) => known[candidate]?.short === given);
    const flag = name !== undefined && Object.hasOwn(known, name) ? known[name] : undefined;
    if (name === undefined || flag === undefined) {
      if (credentials !== undefined && dashes === '--' && CREDENTIAL.test(given))
        return { error: `--${given}: credentials are never read from flags (ps and the shell history would show them); ${credentials}` };
      return { error: `unknown flag ${/^[\w.-]{1,40}$/.test(given) ? `${dashes}${given}` : quote(`${dashes}${given}`)} ${seeHelp}` };
    }
    lastSwitch = undefined;
    /** @type {string | boolean} */
    let value = true;
    if (flag.type === 'boolean') {
      if (inline !== undefined) return { error: `--${name} takes no value` };
      lastSwitch = name;
    } else if (inline !== undefined) {
      value = inline;
    } else {
      const next = own[index + 1];
      // A value may start with a dash only as a number (`--offset -1`); `--status --limit 5` forgot one.
      if (next === undefined || (next.startsWith('-') && !/^-\d/.test(next)))
        return { error: `--${name} needs a value${flag.value ? `: --${name} ${flag.value}` : ''}` };
      value = next;
      index++;
    }
    const before = values[name];
    if (flag.multiple) values[name] = [...(Array.isArray(before) ? before : []), String(value)];
    else if (before !== undefined) return { error: `--${name} is given twice; give it once` };
    else values[name] = value;
  }
  const stray = allowPositionals ? undefined : positionals[0];
  if (stray !== undefined) return { error: `unexpected argument ${quote(stray)} ${seeHelp}` };
  return { values, positionals };
}

/**
 * The usage's flag list, one a line and aligned: `  -h, --help        this text`.
 * @param {Flags} flags
 */
export function flagHelp(flags) {
  const rows = Object.entries(flags).map(([name, flag]) => [
    `${flag.short ? `-${flag.short}, ` : ''}--${name}${flag.value ? ` ${flag.value}` : ''}`,
    flag.help ?? '',
  ]);
  const width = Math.max(...rows.map(([left = '']) => left.length));
  return rows.map(([left = '', help]) => `  ${left.padEnd(width)}  ${help}`.trimEnd()).join('\n');
}

/**
 * An argument as a message shows it: quoted, its control characters escaped, and cut short, so that no
 * argument drives the terminal or floods the line.
 * @param {string} text
 */
function quote(text) {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
