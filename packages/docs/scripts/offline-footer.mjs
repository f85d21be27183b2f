// Redoc 3 always renders an "API docs by Redocly" footer whose <img> loads its logo from cdn.redoc.ly,
// and no option turns it off (checked in @redocly/cli 2.77.0, Redoc 3.0.1). Hiding it with CSS would
// not help: browsers fetch an <img> even when it is not displayed. So the built page is rewritten to
// load a wordmark shipped with the site; the attribution and its link to redocly.com stay.

export const REDOC_LOGO_URLS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

export const LOCAL_LOGO = 'redocly-wordmark.svg';

/**
 * @param {string} html  the page build-docs wrote
 * @returns {string} the page with every Redoc logo URL pointing at the local wordmark
 */
export function useLocalFooterLogo(html) {
  let result = html;
  for (const url of REDOC_LOGO_URLS) {
    // Fail loudly if a Redoc upgrade moves the logo: the browser test would only say "a request left".
    if (!result.includes(url)) throw new Error(`Redoc's footer logo URL ${url} is not in the page any more`);
    result = result.replaceAll(url, LOCAL_LOGO);
  }
  if (/cdn\.redoc\.ly/.test(result)) throw new Error('the page still refers to cdn.redoc.ly');
  return result;
}
