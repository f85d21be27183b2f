// Where the console may send: the sandbox in this page (a Service Worker answering under ./sandbox/)
// or a sandbox on this machine (`pnpm start`). Never the real service: its Secret Key must not live
// in a browser. The page's Content-Security-Policy (template.hbs) allows the same origins, so the
// browser refuses any other target even if this check were bypassed.

/** The host names of a sandbox on this machine. CSP cannot name an IPv6 literal, so [::1] is not one. */
export const LOCAL_HOSTS = ['127.0.0.1', 'localhost'] as const;

/** The base URL of the sandbox in this page: `sandbox` beside the page, no trailing slash. */
export function pageSandboxUrl(pageBase: string): string {
  return new URL('sandbox', pageBase).href;
}

/**
 * Every host the description lists for the real service: its servers' hosts, with each server
 * variable's values (the legacy regional hosts), and the domains they sit in (afterpay.com).
 */
export function realServiceDomains(spec: { servers?: Array<{ url: string; variables?: Record<string, { default: string; enum?: string[] }> }> }): string[] {
  const hosts = new Set<string>();
  for (const { url, variables = {} } of spec.servers ?? []) {
    let urls = [url];
    for (const [name, variable] of Object.entries(variables)) {
      const values = variable.enum ?? [variable.default];
      urls = urls.flatMap((candidate) => values.map((value) => candidate.replaceAll(`{${name}}`, value)));
    }
    for (const candidate of urls) {
      const { hostname } = new URL(candidate);
      hosts.add(hostname);
      hosts.add(hostname.split('.').slice(-2).join('.'));
    }
  }
  return [...hosts].sort();
}

export type Target = { ok: true; baseUrl: string } | { ok: false; problem: string };

/** A plain path: segments of letters, digits and `-._~`, nothing a sample's string literal or a shell could read as code. */
const PLAIN_PATH = /^(\/[A-Za-z0-9._~-]*)*$/;

/**
 * A local sandbox's base URL as the reader typed it (or a share link carried it), checked: http or
 * https, on a host of this machine, an origin with an optional plain path, no credentials, query or
 * fragment. A host of the real service is refused by name.
 */
export function localTarget(text: string, realDomains: string[]): Target {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: `"${text}" is not a URL: give the local sandbox's, like http://127.0.0.1:4010` };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (realDomains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
    return {
      ok: false,
      problem: `${host} is the real service: the console never sends there, since its Secret Key must not live in a browser. Use the sandbox in this page or a local one.`,
    };
  }
  if (!(LOCAL_HOSTS as readonly string[]).includes(host)) {
    return {
      ok: false,
      problem: `${url.host} is not on this machine: the console sends only to a sandbox at http://127.0.0.1:<port> or http://localhost:<port> (\`pnpm start\` prints its URL).`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: `${url.protocol} is not http or https` };
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, problem: 'give the base URL only, without credentials, a query or a fragment' };
  }
  // Read from what was typed, not from url.pathname: the URL parser percent-encodes some characters
  // (a space, a quote) and resolves others (a backslash, dot segments), which would hide them.
  const typedPath = /^[a-z]+:\/\/[^/?#]*(.*)$/i.exec(text.trim())?.[1] ?? '';
  if (!PLAIN_PATH.test(typedPath) || /(^|\/)\.\.?(\/|$)/.test(typedPath)) {
    return {
      ok: false,
      problem: `give an origin with an optional plain path (letters, digits, - . _ ~ between slashes), like http://127.0.0.1:4010/sandbox; "${typedPath}" is not one`,
    };
  }
  return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The Content-Security-Policy connect-src that allows the page's own origin and the local hosts. */
export function connectSources(): string {
  return ["'self'", ...LOCAL_HOSTS.flatMap((host) => [`http://${host}:*`, `https://${host}:*`])].join(' ');
}
