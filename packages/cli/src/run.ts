// The command line: which command, its flags, its help; then the command, and its outcome as an exit
// code with at most one line on stderr. Nothing here touches the process: threads/ does.
import { type Command, allFlags, createContext } from './command.js';
import { configuration } from './commands/configuration.js';
import { paymentsExport } from './commands/payments-export.js';
import { paymentsList } from './commands/payments-list.js';
import { ping } from './commands/ping.js';
import { TARGET_FLAGS } from './connection.js';
import { profilesPath } from './credentials.js';
import { describeFailure, EXIT, type ParamSource } from './errors.js';
import { flagHelp, readFlags } from './read-flags.js';
import { type CliIo, printable, type RunIo } from './io.js';
import { CLI_VERSION } from './version.js';

export const BIN = 'merchant-ordering';
export const COMMANDS: readonly Command[] = [ping, configuration, paymentsList, paymentsExport];
/** Where credentials go, for a flag that tries to give one (ps and the shell history would show it). */
const CREDENTIALS = 'set MERCHANT_ID and SECRET_KEY, or use a profile';

/** Runs one command line (without the node and script paths); resolves to the exit code. `signal` is the user's interrupt. */
export async function runCli(argv: readonly string[], io: RunIo, signal: AbortSignal): Promise<number> {
  const fail = (line: string, code: number) => {
    io.stderr.write(`${BIN}: ${printable(line)}\n`); // the API's message, errorCode, a proxy's page: never raw
    return code;
  };
  const words: string[] = [];
  while (words.length < argv.length && !argv[words.length]!.startsWith('-')) words.push(argv[words.length]!);
  const rest = argv.slice(words.length);
  const command = COMMANDS.find((candidate) => candidate.words.join(' ') === words.join(' '));
  const wantsHelp = rest.includes('--help') || rest.includes('-h');

  if (!command) {
    if (!words.length) {
      // Flags alone: --help and --version answer; a flag of no command is named, a known one is out of place.
      const read = readFlags(rest, Object.assign({}, ...COMMANDS.map(allFlags)), { command: BIN, positionals: true, credentials: CREDENTIALS });
      if (rest.length === 0 || 'help' in read) return print(io, topHelp(io.env));
      if ('version' in read) return print(io, `${CLI_VERSION}\n`);
      if ('error' in read) return fail(read.error, EXIT.usage);
      return fail(`the command comes first: ${BIN} <command> [flags] (see ${BIN} --help)`, EXIT.usage);
    }
    const group = COMMANDS.filter((candidate) => candidate.words[0] === words[0] && candidate.words.length > words.length);
    if (group.length && words.length === 1 && (rest.length === 0 || wantsHelp)) return print(io, groupHelp(words[0]!, group));
    return fail(`unknown command "${words.join(' ')}" (see ${BIN} --help)`, EXIT.usage);
  }
  const read = readFlags(rest, allFlags(command), { command: `${BIN} ${command.words.join(' ')}`, credentials: CREDENTIALS });
  if ('help' in read) return print(io, commandHelp(command));
  if ('version' in read) return print(io, `${CLI_VERSION}\n`);
  if ('error' in read) return fail(read.error, EXIT.usage);

  let sources: ParamSource = {};
  try {
    const context = createContext(io, read.values, signal);
    sources = context.sources;
    return await command.run(context);
  } catch (error) {
    const { line, code } = describeFailure(error, sources);
    return fail(line, code);
  }
}

function print(io: CliIo, text: string): number {
  io.stdout.write(text);
  return EXIT.ok;
}

function topHelp(env: CliIo['env']): string {
  const width = Math.max(...COMMANDS.map((command) => command.words.join(' ').length));
  return `${BIN}: the Merchant Online Ordering API from a terminal, on @merchant-ordering/client.

Usage: ${BIN} <command> [flags]

Commands:
${COMMANDS.map((command) => `  ${command.words.join(' ').padEnd(width)}  ${command.summary}`).join('\n')}

Where to send (every command):
${flagHelp(TARGET_FLAGS)}

Credentials: MERCHANT_ID and SECRET_KEY, or else a profile in ${profilesPath(env)}
(readable by you only: chmod 600), such as { "default": { "merchantId": "...", "secretKey": "..." } }.
The environment wins over the file. Never from a flag.

Output: a table on a terminal, JSON when piped or with --json; NO_COLOR turns colour off.
Exit codes: 0 done, 1 the API or the network failed, 2 a wrong flag, value or set-up, 130 interrupted.

  --help     help, also after any command
  --version  the version of this command line

Example:
  ${BIN} payments list --sandbox --status APPROVED --limit 5
`;
}

function groupHelp(group: string, commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.words.join(' ').length));
  return `Usage: ${BIN} ${group} <command> [flags]

${commands.map((command) => `  ${command.words.join(' ').padEnd(width)}  ${command.summary}`).join('\n')}

Example:
  ${commands[0]!.examples[0]}
`;
}

export function commandHelp(command: Command): string {
  return `Usage: ${BIN} ${command.words.join(' ')} ${command.usage}

${command.description}

Flags:
${flagHelp(command.flags)}

Where to send:
${flagHelp(TARGET_FLAGS)}

Example${command.examples.length > 1 ? 's' : ''}:
${command.examples.map((example) => `  ${example}`).join('\n')}
`;
}
