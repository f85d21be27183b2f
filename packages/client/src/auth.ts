/**
 * The Authorization value exactly as the API document (section 5) builds it: `merchantId:secretKey`
 * with a colon and no spaces, UTF-8 encoded (RFC 7617), base64-encoded, after `Basic `.
 * TextEncoder + btoa rather than Buffer, so the same code runs in browsers and edge runtimes.
 */
export function basicAuthorization(merchantId: string, secretKey: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${merchantId}:${secretKey}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
