// Paths from outside (a server's page path, a source's URL, a remote's address) may be long runs of
// one character: trimmed by walking the ends, never with a pattern that scans each run again.

/** `text` without the slashes (and, with `dotSlashes`, the `./`) it starts with, nor the slashes it ends with. */
export function trimSlashes(text: string, dotSlashes = false): string {
  let start = 0;
  for (;;) {
    if (text[start] === '/') start += 1;
    else if (dotSlashes && text[start] === '.' && text[start + 1] === '/') start += 2;
    else break;
  }
  let end = text.length;
  while (end > start && text[end - 1] === '/') end -= 1;
  return text.slice(start, end);
}
