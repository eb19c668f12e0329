// Check Connection's report, as text a user can read and send to their IT team: what runs where,
// the network's way to the platform (in Node), and each interface's answer with its key. It never
// holds a secret: keys are never in it, the network's part hides credentials, and the whole is
// passed through the redactor once more.

import { redactSecrets } from '../platform/redact';
import type { ConnectionReport } from './connectionCheck';

export interface ReportInput {
  readonly when: Date;
  readonly extensionVersion: string;
  readonly vscodeVersion: string;
  /** Where the extension runs: "Node", "a browser's web worker". */
  readonly host: string;
  readonly origin: string | undefined;
  /** The network's look, in Node; undefined in a browser, whose networking is its own. */
  readonly network: readonly string[] | undefined;
  readonly keys: ConnectionReport;
}

export function connectionReportText(input: ReportInput): string {
  const lines = [
    `Docs Assistant ${input.extensionVersion}: connection report, ${input.when.toISOString()}`,
    `VS Code ${input.vscodeVersion}, extension host: ${input.host}${input.host === 'Node' ? ` ${process.version}` : ''}`,
    `Platform: ${input.origin ?? '(the base URL is not set, or not valid)'}`,
    '',
    'Network',
    ...(input.network ?? ["The browser's own networking (its proxy and certificates): the browser's developer tools show each call."]).map(
      (line) => `  ${line}`,
    ),
    '',
    'Discovery interface (chat, pages, search), with the assistant key',
    ...interfaceLines(input.keys.assistant),
    '',
    'Admin interface (agent jobs), with the admin key',
    ...interfaceLines(input.keys.agentJobs),
    '',
  ];
  return redactSecrets(lines.join('\n'));
}

function interfaceLines(outcome: ConnectionReport['assistant']): string[] {
  return [...(outcome.answer ? [`  HTTP: ${outcome.answer}`] : []), `  ${outcome.ok ? 'Works' : 'Does not work'}: ${outcome.message}`];
}
