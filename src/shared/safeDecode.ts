// Percent-decoding that never throws: text that is not well-formed percent-encoding (`100%`) is
// kept as it is. Here, in src/shared, so that the chat view's bundle can use it too.

export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
