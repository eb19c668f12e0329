// Check Connection's report, as text a user can read and send to their IT team: what runs where,
// the network's way to the platform (in Node), and each interface's answer with its key. It never
// holds a secret: keys are never in it, the network's part hides credentials, and the whole is
// passed through the redactor once more.

import * as l10n from '@vscode/l10n';
import { redactSecrets } from '../log/redact';
import type { ConnectionReport } from './connectionCheck';

/** Where the extension runs: Node's extension host, or a browser's web worker. */
export type ExtensionHost = 'node' | 'web';

export interface ReportInput {
  readonly when: Date;
  readonly extensionVersion: string;
  readonly vscodeVersion: string;
  readonly host: ExtensionHost;
  readonly origin: string | undefined;
  /** The network's look, in Node; undefined in a browser, whose networking is its own. */
  readonly network: readonly string[] | undefined;
  readonly keys: ConnectionReport;
}

export function connectionReportText(input: ReportInput): string {
  const host = input.host === 'node' ? l10n.t('Node {0}', process.version) : l10n.t("a browser's web worker");
  const lines = [
    l10n.t('Docs Assistant {0}: connection report, {1}', input.extensionVersion, input.when.toISOString()),
    l10n.t('VS Code {0}, extension host: {1}', input.vscodeVersion, host),
    input.origin === undefined ? l10n.t('Platform: (the base URL is not set, or not valid)') : l10n.t('Platform: {0}', input.origin),
    '',
    l10n.t('Network'),
    ...(
      input.network ?? [l10n.t("The browser's own networking (its proxy and certificates): the browser's developer tools show each call.")]
    ).map((line) => `  ${line}`),
    '',
    l10n.t('Discovery interface (chat, pages, search), with the assistant key'),
    ...interfaceLines(input.keys.assistant),
    '',
    l10n.t('Admin interface (agent jobs), with the admin key'),
    ...interfaceLines(input.keys.agentJobs),
    '',
  ];
  return redactSecrets(lines.join('\n'));
}

function interfaceLines(outcome: ConnectionReport['assistant']): string[] {
  return [
    ...(outcome.answer ? [`  HTTP: ${outcome.answer}`] : []),
    `  ${outcome.ok ? l10n.t('Works: {0}', outcome.message) : l10n.t('Does not work: {0}', outcome.message)}`,
  ];
}
