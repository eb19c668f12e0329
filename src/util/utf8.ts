// Sizes as the platform counts them: bytes of UTF-8. No Node `Buffer`, so the web build can use it.

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}
