// Launches the system Chromium the way toolchain.md §6 settled on: headless, and with every host name
// but 127.0.0.1 resolving to nothing, so neither Chromium's own background calls nor a page can reach
// the network. Shared by the docs' browser test and the docs benchmark.
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

/** @returns {Promise<import('playwright-core').Browser>} */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}
