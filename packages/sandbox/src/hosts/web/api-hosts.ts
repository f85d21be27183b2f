// The API's hosts, as the description's `servers` list them: production and sandbox, global and the
// legacy regional ones. The MSW handlers answer for each; a sandbox test keeps this list equal to the
// description's.
export const API_BASE_URLS: readonly string[] = [
  'https://global-api.afterpay.com/',
  'https://global-api-sandbox.afterpay.com/',
  ...[
    'api.afterpay.com',
    'api-sandbox.afterpay.com',
    'api.us.afterpay.com',
    'api.us-sandbox.afterpay.com',
    'api.eu.afterpay.com',
    'api.eu-sandbox.afterpay.com',
    'api.clearpay.com',
    'api.sandbox.clearpay.com',
  ].map((host) => `https://${host}/`),
];
