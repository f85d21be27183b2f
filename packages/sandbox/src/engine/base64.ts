// Base64 (RFC 4648, section 4: the standard alphabet, padded) over bytes, with the web platform's
// atob and btoa rather than Node's Buffer, so that every host of the sandbox runs the same code.

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The bytes of a canonical base64 text, or undefined for anything else. atob forgives whitespace,
 * missing padding and stray low bits; encoding the result back shows whether it forgave anything.
 */
export function decodeCanonicalBase64(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  if (btoa(binary) !== text) return undefined;
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
