// Query strings written byte by byte, so that the server sees exactly the hostile bytes we mean:
// every byte but the URL's unreserved characters and the comma is percent-encoded, and nothing
// (fetch, curl, a shell between single quotes) changes such a URL on its way.

const UNRESERVED = /^[A-Za-z0-9\-._~,]$/;

function encodeByte(byte: number): string {
  const char = String.fromCharCode(byte);
  return byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** A text's UTF-8 bytes, percent-encoded (a lone surrogate would become U+FFFD here: use `encodeBytes`). */
export function encodeText(text: string): string {
  return Array.from(new TextEncoder().encode(text), encodeByte).join('');
}

/** Arbitrary bytes, percent-encoded: invalid UTF-8 such as a lone surrogate's three bytes ED A0 80. */
export function encodeBytes(...bytes: number[]): string {
  return bytes.map(encodeByte).join('');
}

/** One `name=value` of a query, both as sent (already encoded). No value: the bare `name`, without `=`. */
export interface QueryPart {
  name: string;
  value?: string;
  /** The API key's place in the query: filled in when sent (the test key) or shown (DEMO_KEY). */
  isTheKey?: true;
}

export function queryString(parts: QueryPart[], key: string): string {
  return parts.map((part) => (part.isTheKey ? `api_key=${encodeText(key)}` : part.value === undefined ? part.name : `${part.name}=${part.value}`)).join('&');
}
