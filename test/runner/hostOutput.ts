// What a suite inside the extension host prints, for the runner outside to read. VS Code's host
// keeps its console to itself (its methods cannot be replaced), so lines also go to the file the
// host-tests helper was given (hostTests/extension.js), which the runner follows.

import * as fs from 'node:fs';
import { format } from 'node:util';

export function hostPrint(...args: unknown[]): void {
  const output = process.env.DOCS_ASSISTANT_TESTS_OUTPUT;
  if (output) fs.appendFileSync(`${output}.log`, `${format(...args)}\n`);
  console.log(...args);
}
