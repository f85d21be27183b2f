import { literals } from '../literals.mjs';

/** The curl sample: the URL exactly as sent (arrays repeated, `+` as %2B), every header written out. */
export const curl = {
  label: 'curl',
  lang: 'Shell',
  template: 'curl/request.sh.template',
  values: (call) => ({
    method: call.method,
    url: literals.shell(call.url),
    authorization: call.authorization,
    // The comment's credentials, one line whatever was typed: "32:abcdefgh".
    credentials: literals.go(`${call.credentials.merchantId}:${call.credentials.secretKey}`),
    accept: literals.shell(`Accept: ${call.accept}`),
    userAgent: literals.shell(`User-Agent: ${call.userAgent}`),
  }),
};
