// The tests' npm runs against a registry whose first answer stalls: npm gives the request up and
// retries it, and the install completes. The patience is in cleanEnv()'s environment, so a README line
// run as written (tools/test/packed/readme-tarballs.test.mjs) has it as much as npmInstall does. With npm's defaults
// it waits five minutes for that answer, past every bound of our tests: on a machine's first run (a
// cold cache, every package fetched) one stalled response made the packed-CLI test's beforeAll time
// out at 240 s and killed a consumer project's install at 150 s, with no word from npm.
// The registry here is local and serves one tiny package, so the test needs no network.
import { execFile } from 'node:child_process';
import { readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, npmInstall } from '@merchant-ordering/test-kit/npm';
import { packPackage } from '@merchant-ordering/test-kit/pack';

const work = mkdtempSync(join(tmpdir(), 'npm-stall-'));
const requests = [];
let registry;
let tarball;

beforeAll(async () => {
  const source = join(work, 'stall-probe');
  mkdirSync(source);
  writeFileSync(join(source, 'package.json'), JSON.stringify({ name: 'stall-probe', version: '1.0.0', main: 'index.js' }));
  writeFileSync(join(source, 'index.js'), 'module.exports = 1;\n');
  tarball = readFileSync((await packPackage(source, join(work, 'packed'))).tarball);

  let stalled = false;
  let flaky = 0;
  registry = createServer((request, response) => {
    requests.push(request.url);
    const url = `http://127.0.0.1:${registry.address().port}`;
    // down-probe is never served; flaky-probe fails its first request, then is served with stall-probe's tarball.
    if (request.url === '/down-probe' || (request.url === '/flaky-probe' && flaky++ === 0)) return response.writeHead(503).end();
    // stall-probe's first request is never answered: the socket stays open, as a stuck proxy leaves it.
    if (request.url === '/stall-probe' && !stalled) {
      stalled = true;
      return;
    }
    // Each probe's packument points at stall-probe's tarball.
    const probe = /^\/(cached|flaky|stall)-probe$/.exec(request.url)?.[0].slice(1);
    if (probe) {
      const manifest = { name: probe, version: '1.0.0', dist: { tarball: `${url}/stall-probe/-/stall-probe-1.0.0.tgz` } };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: probe, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest } }));
    } else if (request.url === '/stall-probe/-/stall-probe-1.0.0.tgz') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(tarball);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise((listening) => registry.listen(0, '127.0.0.1', listening));
});

afterAll(async () => {
  registry?.closeAllConnections();
  await new Promise((closed) => (registry ? registry.close(closed) : closed()));
  rmSync(work, { recursive: true, force: true });
});

describe("the throwaway projects' npm install", () => {
  it('a plain npm install in the environment of cleanEnv() gives up a registry answer that stalls, retries it and completes', async () => {
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'stall-consumer', private: true }));
    const registryUrl = `http://127.0.0.1:${registry.address().port}/`;
    await promisify(execFile)('npm', ['install', `--registry=${registryUrl}`, `--cache=${join(work, 'cache')}`, 'stall-probe@1.0.0'], {
      cwd: project,
      env: cleanEnv(),
    });
    expect(JSON.parse(readFileSync(join(project, 'node_modules/stall-probe/package.json'), 'utf8')).version).toBe('1.0.0');
    expect(requests.filter((url) => url === '/stall-probe')).toHaveLength(2);
    // Bounds the runner: npm's default would wait 300 s for the stalled answer.
  }, 90_000);

  it('a plain npm install in the environment of cleanEnv() takes what the cache holds without asking the registry again', async () => {
    // A registry that fails its certificate check on every revalidation (as the proxy here does for
    // some packages) cost npm 11 s per package, three tries each, before it fell back to its cache.
    const registryUrl = `http://127.0.0.1:${registry.address().port}/`;
    const install = (name) =>
      promisify(execFile)('npm', ['install', `--registry=${registryUrl}`, `--cache=${join(work, 'cache')}`, 'cached-probe@1.0.0'], {
        cwd: project(name),
        env: cleanEnv(),
      });
    await install('cached-first');
    const asked = requests.filter((url) => url === '/cached-probe').length;
    await install('cached-second');
    expect(requests.filter((url) => url === '/cached-probe')).toHaveLength(asked);
  }, 90_000);

  const project = (name) => {
    const dir = join(work, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true }));
    return dir;
  };
  // npm's own retries off, so each npm run asks once.
  const local = () => [`--registry=http://127.0.0.1:${registry.address().port}/`, `--cache=${join(work, 'cache')}`, '--fetch-retries=0'];

  it("a registry failure is tried once more, and a second one is reported in one line as the registry's", async () => {
    const asked = () => requests.filter((url) => url === '/down-probe').length;
    const before = asked();
    const failure = await npmInstall([...local(), 'down-probe@1.0.0'], { cwd: project('down') }).catch((error) => error);
    expect(failure.message).toMatch(
      /^the npm registry failed \(E503, twice\), not this code: npm install in \S+ could not fetch what it needs; run pnpm test:consumers again once the registry answers$/,
    );
    expect(asked() - before).toBe(2);
  }, 90_000);

  it('a registry that fails once and then answers installs on the retry', async () => {
    const dir = project('flaky');
    await npmInstall([...local(), 'flaky-probe@1.0.0'], { cwd: dir });
    expect(readFileSync(join(dir, 'node_modules/flaky-probe/index.js'), 'utf8')).toBe('module.exports = 1;\n');
    expect(requests.filter((url) => url === '/flaky-probe')).toHaveLength(2);
  }, 90_000);

  it("a failure that is not the registry's is thrown at once, with npm's own words", async () => {
    const failure = await npmInstall([...local(), join(work, 'no-such-tarball.tgz')], { cwd: project('missing') }).catch((error) => error);
    expect(failure.message).toMatch(/^npm install in \S+ failed \(exit \d+\):/);
    expect(failure.message).toMatch(/ENOENT|no-such-tarball/);
  }, 90_000);
});
