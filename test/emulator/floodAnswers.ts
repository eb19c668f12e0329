// Answers as big as a cached answer or a fast model sends at once, for the benchmark's floods and
// the tests that type and click Stop while one is drawn.

/** Sections of a heading, a paragraph, a list and a small code block each, to `bytes` or a little more. */
export function sectionsAnswer(bytes: number): string {
  let text = '';
  for (let i = 1; text.length < bytes; i++) {
    text +=
      `## Section ${i}\n\nThe retry policy waits a little longer after each failure, up to the limit set for section ${i}.\n\n` +
      `- first item of ${i}\n- second item\n- third item\n\n\`\`\`ts\nconst wait${i} = backoff(${i});\n\`\`\`\n\n`;
  }
  return text;
}

/** One TypeScript block of `bytes` or a little more, between a sentence and another. */
export function codeBlockAnswer(bytes: number): string {
  let code = '';
  for (let i = 1; code.length < bytes; i++) code += `const wait${i} = backoff(${i}, { limitMs: 30_000 });\n`;
  return `Here is the module:\n\n\`\`\`ts\n${code}\`\`\`\n\nIt waits longer after each failure.\n`;
}
