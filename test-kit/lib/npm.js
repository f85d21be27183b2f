// `npm install` in a throwaway project, as the packed-tarball tests and the consumer projects run it:
// quiet, no install scripts, the cache first, and a failure of the registry retried once and then named
// as the registry's, in one line, rather than as the code's.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
// A step that hangs (a registry that never answers) is killed rather than left running after the test
// gives up; this bounds a step, it asserts nothing.
const STEP_GUARD_MS = 150_000;

/** How the throwaway projects run `npm install`: quiet, no install scripts, no update check. */
const NPM_INSTALL_FLAGS = ['--no-audit', '--no-fund', '--no-update-notifier', '--ignore-scripts', '--loglevel=error'];

/**
 * The cache first, and a registry response that stalls given up after 20 s and retried. Without them a
 * README line run as written revalidated every cached package, and where the registry failed each
 * revalidation (a proxy's certificate) npm spent 11 s per package before falling back to its cache;
 * npm's own fetch timeout is 5 minutes, longer than any test bound. In the environment rather than as
 * flags, so that a README line run as written has them too.
 */
const REGISTRY_SETTINGS = {
  npm_config_prefer_offline: 'true',
  npm_config_fetch_timeout: '20000',
  npm_config_fetch_retry_mintimeout: '1000',
  npm_config_fetch_retry_maxtimeout: '10000',
};

// What npm says when the registry (or the way to it) failed, not what was installed: network, TLS and 5xx.
const REGISTRY_FAILURE =
  /^npm (?:error|ERR!) code (E5\d\d|E429|ENOTCACHED|ECONN\w+|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|EPIPE|EPROTO|ERR_SOCKET_TIMEOUT|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_\w+|CERT_\w+)$/m;

/**
 * Runs `attempt()` (an npm or npx command that rejects with npm's stderr); a failure of the registry is
 * tried once more, then thrown as one line that names it as the registry's. Any other failure is
 * thrown at once, as `describe(error)`: what broke.
 *
 * @template T
 * @param {() => Promise<T>} attempt
 * @param {{ where: string, describe: (error: any) => string }} options
 * @returns {Promise<T>}
 */
export async function withRegistryRetry(attempt, { where, describe }) {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const code = REGISTRY_FAILURE.exec(/** @type {{ stderr?: string }} */ (error).stderr ?? '')?.[1];
      if (!code) throw new Error(describe(error));
      if (tries === 2)
        throw new Error(
          `the npm registry failed (${code}, twice), not this code: ${where} could not fetch what it needs; run pnpm test:consumers again once the registry answers`,
        );
    }
  }
}

/**
 * `npm install <args>` with NPM_INSTALL_FLAGS in a throwaway project (in cleanEnv()'s environment unless told), with withRegistryRetry. Resolves to npm's stdout.
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, timeout?: number }} options
 * @returns {Promise<string>}
 */
export async function npmInstall(args, { cwd, env = cleanEnv(), timeout = STEP_GUARD_MS }) {
  const install = () =>
    execFileAsync('npm', ['install', ...NPM_INSTALL_FLAGS, ...args], { cwd, env, timeout, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 });
  const failed = (/** @type {any} */ error) =>
    `npm install in ${cwd} failed (${error.killed ? `killed after ${timeout / 1000} s` : `exit ${error.code}`}):\n${error.stdout ?? ''}${error.stderr ?? error.message}`;
  return (await withRegistryRetry(install, { where: `npm install in ${cwd}`, describe: failed })).stdout;
}

// pnpm passes its settings to scripts as npm_config_*; npm would read (and warn about) them.
export function cleanEnv() {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_(config|package|lifecycle)_/i.test(key))), ...REGISTRY_SETTINGS };
}
