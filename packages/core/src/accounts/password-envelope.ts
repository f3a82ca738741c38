// The password envelope of spec §7: the client encrypts the password with the server's RSA public key
// (RSA-OAEP with SHA-256) in chunks of at most 100 characters, base64 each, joined by a separator.
// A chunk is also kept within what one RSA-OAEP block can carry, so multi-byte characters fit.
export const ENVELOPE_SEPARATOR = '.';
export const ENVELOPE_MAX_CHUNK_CHARS = 100;

/** Bytes one RSA-OAEP-SHA256 block carries for a key of `modulusBits`. */
export function oaepCapacity(modulusBits: number): number {
  return modulusBits / 8 - 2 * 32 - 2;
}

/** Splits text into chunks of ≤100 characters and ≤maxBytes UTF-8 bytes, never inside a character. */
export function splitForEnvelope(text: string, maxBytes: number): string[] {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let chars = 0;
  let bytes = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (chars > 0 && (chars + 1 > ENVELOPE_MAX_CHUNK_CHARS || bytes + size > maxBytes)) {
      chunks.push(current);
      current = '';
      chars = 0;
      bytes = 0;
    }
    current += char;
    chars += 1;
    bytes += size;
  }
  if (current !== '' || chunks.length === 0) chunks.push(current);
  return chunks;
}
