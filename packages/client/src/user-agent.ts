import { VERSION } from './version.js';

/** Extra segments of the documented User-Agent format. */
export interface UserAgentOptions {
  /** Your plugin or integration, written first: `MyPlugin/1.2.0 @merchant-ordering/client/...`. */
  plugin?: { name: string; version: string };
  /** The e-commerce platform, first inside the parentheses: `(Shopware/6.5.0; Node.js/...; Merchant/...)`. */
  platform?: { name: string; version: string };
  /** The merchant's site, written last. */
  siteUrl?: string;
}

const segment = ({ name, version }: { name: string; version: string }) => `${name}/${version}`;

/**
 * Builds `[Plugin/version ]@merchant-ordering/client/<version> ([Platform/version; ]Node.js/<version>; Merchant/<id>)[ <siteUrl>]`,
 * the document's `PluginOrLibrary/version (Platform/version; Language/version; Merchant/<merchantId>) <merchantSiteURL>`.
 */
export function buildUserAgent(merchantId: string, options: UserAgentOptions = {}, runtime = runtimeSegment()): string {
  const { plugin, platform, siteUrl } = options;
  // A header carries printable ASCII only: anything else in the merchant ID goes percent-encoded.
  const comment = [platform && segment(platform), runtime, `Merchant/${merchantId.replace(/[^!-~]+/gu, encodeURIComponent)}`].filter(Boolean).join('; ');
  return [plugin && segment(plugin), `@merchant-ordering/client/${VERSION} (${comment})`, siteUrl].filter(Boolean).join(' ');
}

/** Empty outside Node.js (a browser sends its own User-Agent; other runtimes have no version to report). */
function runtimeSegment(): string {
  const version = globalThis.process?.version;
  return version ? `Node.js/${version}` : '';
}
