// The command line: which command, its flags, its help; then the command, and its outcome as an exit
// code with at most one line on stderr. Nothing here touches the process: main.ts does.
import { type Command, allFlags, createContext } from './command.js';
import { configuration } from './commands/configuration.js';
import { paymentsExport } from './commands/payments-export.js';
import { paymentsList } from './commands/payments-list.js';
import { ping } from './commands/ping.js';
import { TARGET_FLAGS } from './connection.js';
import { profilesPath } from './credentials.js';
import { describeFailure, EXIT, type ParamSource } from './errors.js';
import { flagHelp, parseFlags } from './flags.js';
import { type CliIo, printable, type RunIo } from './io.js';
import { CLI_VERSION } from './version.js';
import { VERSION as CLIENT_VERSION } from '@merchant-ordering/client';

export const BIN = 'merchant-ordering';
export const COMMANDS: readonly Command[] = [ping, configuration, paymentsList, paymentsExport];

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
      if (rest.length === 1 && rest[0] === '--version')
        return print(io, `${BIN} ${CLI_VERSION} (@merchant-ordering/client ${CLIENT_VERSION}, Node.js ${process.version})\n`);
      if (rest.length === 0 || (wantsHelp && rest.length === 1)) return print(io, topHelp(io.env));
      return fail(`the command comes first: ${BIN} <command> [flags] (see ${BIN} --help)`, EXIT.usage);
    }
    const group = COMMANDS.filter((candidate) => candidate.words[0] === words[0] && candidate.words.length > words.length);
    if (group.length && words.length === 1 && (rest.length === 0 || wantsHelp)) return print(io, groupHelp(words[0]!, group));
    return fail(`unknown command "${words.join(' ')}" (see ${BIN} --help)`, EXIT.usage);
  }
  if (wantsHelp) return print(io, commandHelp(command));

  let sources: ParamSource = {};
  try {
    const context = createContext(io, parseFlags(rest, allFlags(command), command.words.join(' ')), signal);
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
  --version  the versions of this command line, its client and Node.js

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
