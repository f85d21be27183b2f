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

/**
 * Builds `[Plugin/version ]@merchant-ordering/client/<version> ([Platform/version; ]Node.js/<version>; Merchant/<id>)[ <siteUrl>]`,
 * the document's `PluginOrLibrary/version (Platform/version; Language/version; Merchant/<merchantId>) <merchantSiteURL>`.
 */
export function buildUserAgent(merchantId: string, options: UserAgentOptions = {}, runtime = runtimeSegment()): string {
  const library = `@merchant-ordering/client/${VERSION}`;
  const { plugin, platform, siteUrl } = options;
  const comment = [platform && `${platform.name}/${platform.version}`, runtime, `Merchant/${merchantId}`];
  return (
    `${plugin ? `${plugin.name}/${plugin.version} ` : ''}${library} (${comment.filter(Boolean).join('; ')})` +
    (siteUrl ? ` ${siteUrl}` : '')
  );
}

/** Empty outside Node.js (a browser sends its own User-Agent; other runtimes have no version to report). */
function runtimeSegment(): string {
  const version = globalThis.process?.version;
  return version ? `Node.js/${version}` : '';
}
