// The browser comes from the shared launcher (the test kit's chromium: toolchain.md §6 flags, no outside
// host resolves); this file adds what the docs tests check about the requests a page makes.
export { launchChromium } from '@merchant-ordering/test-kit/chromium';

/** True for a request that would leave this machine. data:, blob: and about: URLs never do. */
export function leavesLocalhost(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(protocol)) return false;
  return !['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}
