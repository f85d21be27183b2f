// The bin's flags and its usage. read-flags.js reads them, as every bin of ours reads its flags.
import { type Flags, flagHelp } from './read-flags.js';
import { SERVER_NAME } from './version.js';

export const FLAGS: Flags = {
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

/** Where credentials go, for a flag that tries to give one (an agent host's configuration and ps would show it). */
export const CREDENTIALS = 'set MERCHANT_ID and SECRET_KEY, or use a profile';

export function helpText(): string {
  return [
    `Usage: ${SERVER_NAME} [--http [--port N]] [--live [--environment sandbox|production | --base-url URL] [--profile NAME]]`,
    '',
    'A Model Context Protocol server for the Merchant Online Ordering API, read-only: the tools ping,',
    'get_configuration, list_payments and summarise_payments; as resources, the description, the',
    "API's traps and the Markdown reference. It answers from a sandbox in this process unless --live",
    'is given. MCP over stdio unless --http.',
    '',
    flagHelp(FLAGS),
    '',
    'Exit codes: 0 stopped, 2 a wrong flag or set-up, 130/143 stopped by SIGINT/SIGTERM.',
    '',
  ].join('\n');
}
