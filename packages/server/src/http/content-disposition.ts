// The Content-Disposition header of a file answer: the name as the user gave it, safely (RFC 6266 and
// RFC 5987), for every download route.

/** RFC 5987 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves alone too. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Content-Disposition with an ASCII fallback (RFC 6266) and the exact UTF-8 name (RFC 5987 filename*). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
