// The CLI's name and version, read from its own package.json (dist/../package.json once built), so
// --version and the User-Agent always say what is installed.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The User-Agent's plugin segment: `merchant-ordering-cli/0.1.0 @merchant-ordering/client/2.0.0 (...)`. */
export const CLI_NAME = 'merchant-ordering-cli';
export const CLI_VERSION: string = manifest.version;
