// The page's Content-Security-Policy: everything from the site itself and nothing from anywhere else,
// so a script in the page cannot carry the typed Secret Key out as an image, a stylesheet, a font or a
// frame. Opened only where the page needs it:
//   script-src   the site's files and the page's own inline scripts, by hash (Redoc's bundle is inline)
//   style-src    'unsafe-inline': Redoc's styled-components and the console write <style> elements;
//                an inline rule cannot load anything from elsewhere (img-src and font-src still apply)
//   img-src, font-src  data: too (the page's icon, Redoc's SVG images and its icon font, inline)
//   worker-src   blob: (Redoc's search runs in a worker made from a Blob); the Service Worker is 'self'
//   connect-src  the site itself (the sandbox in the page) and a sandbox on this machine; kept equal to
//                connectSources() in console/targets.ts by test/content-security-policy.test.ts
// The policy is a <meta> element, so a static host (GitHub Pages) needs no header of its own.
import { createHash } from 'node:crypto';

export const CONNECT_SOURCES = "'self' http://127.0.0.1:* https://127.0.0.1:* http://localhost:* https://localhost:*";

/** What template.hbs writes where the policy goes; the build puts the policy there. */
export const POLICY_PLACEHOLDER = 'content-security-policy-of-the-build';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * @param {string[]} scriptHashes  `'sha256-…'` sources of the page's inline scripts
 * @returns {string}
 */
export function pagePolicy(scriptHashes) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src ${CONNECT_SOURCES}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The `'sha256-…'` source of each inline script in the page, in order, without repeats. */
export function inlineScriptHashes(html) {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/**
 * Puts the policy into the page, its script hashes taken from the page as it is now: call it after
 * every other rewrite of the page.
 * @param {string} html
 */
export function withContentSecurityPolicy(html) {
  const found = html.split(POLICY_PLACEHOLDER).length - 1;
  if (found !== 1) throw new Error(`expected the policy placeholder once in the page, found it ${found} times`);
  return html.replace(POLICY_PLACEHOLDER, pagePolicy(inlineScriptHashes(html)));
}
