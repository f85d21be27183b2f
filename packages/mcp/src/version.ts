// The server's name and version, read from its own package.json (dist/../package.json once built), so
// serverInfo, --version and the User-Agent always say what is installed.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The bin's name, the MCP serverInfo name and the User-Agent's plugin segment. */
export const SERVER_NAME = 'merchant-ordering-mcp';
export const SERVER_VERSION: string = manifest.version;
