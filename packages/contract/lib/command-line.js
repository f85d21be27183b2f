// Reads one command's arguments: --help (-h) and --version wherever they are, then each option, with
// one line naming the flag for anything wrong (an unknown flag, a missing or extra value, a stray
// argument). Values are checked by the command itself, which knows what they mean.
import { parseArgs } from 'node:util';

/**
 * @param {Record<string, { type: 'string' | 'boolean', value?: string }>} options
 * @param {string[]} args
 * @returns {{ help: true } | { version: true } | { error: string } | { values: Record<string, string | boolean> }}
 */
export function readArguments(options, args) {
  const { tokens } = parseArgs({
    args,
    options: { ...options, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (tokens.some((token) => token.kind === 'option' && token.name === 'help')) return { help: true };
  if (tokens.some((token) => token.kind === 'option' && token.name === 'version')) return { version: true };
  /** @type {Record<string, string | boolean>} */
  const values = {};
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') return { error: `unexpected argument "${token.value}"` };
    const option = options[token.name];
    if (!option) return { error: `unknown option ${token.rawName}` };
    if (option.type === 'boolean') {
      if (token.inlineValue) return { error: `${token.rawName} takes no value` };
      values[token.name] = true;
    } else {
      // Without `=`, a flag right after a string option is the next flag, not its value.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
        return { error: `${token.rawName} needs a value: ${token.rawName} ${option.value}` };
      values[token.name] = token.value;
    }
  }
  return { values };
}

/**
 * The usage text of a command's options, one line each: `  -s, --name <value>  help`.
 * @param {Record<string, { short?: string, value?: string, help: string }>} options
 */
export function describeOptions(options) {
  const rows = Object.entries(options).map(([name, option]) => [
    `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`,
    option.help,
  ]);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`).join('\n');
}
