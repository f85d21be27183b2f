// The sandbox's defaults, shared by every host. Plain JavaScript with no import at all, so that the
// engine (which may use nothing of Node) and the command line's flag table (hosts/node/options.js, which
// `pnpm sandbox` runs from source before anything is built) both read them.

/**
 * The sandbox's fixed credentials: the API document's worked example (`Basic MzI6YWJjZGVmZ2g=`).
 * @type {Readonly<{ merchantId: string, secretKey: string }>}
 */
export const DEFAULT_CREDENTIALS = Object.freeze({ merchantId: '32', secretKey: 'abcdefgh' });
export const DEFAULT_PAYMENTS = 1000;
export const DEFAULT_SEED = 1;
export const DEFAULT_CURRENCY = 'AUD';
