// Launches the system Chromium the way toolchain.md §6 settled on: headless, and with every host name
// but 127.0.0.1 resolving to nothing, so neither Chromium's own background calls nor the page can
// reach the network even if something slipped past the checks.
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  });
}

/** True for a request that would leave this machine. data:, blob: and about: URLs never do. */
export function leavesLocalhost(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(protocol)) return false;
  return !['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}
