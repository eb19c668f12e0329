// A question readers asked, as the read-only document that opens it says it: how often and when, the
// page it was asked from, what the assistant answered and drew on, and the whole conversation when
// the platform gives it. Plain text: every word in it is a reader's or the platform's.

import * as l10n from '@vscode/l10n';
import type { AssistantThread } from '../platform/analytics';
import { number, plural } from '../shared/language';
import type { QuestionSignal } from './signals';

const indented = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

export function questionText(signal: QuestionSignal, thread: AssistantThread | undefined): string {
  const count = number(signal.count);
  const lines = [
    plural(
      signal.count,
      l10n.t('Readers asked this {0} time; the assistant could not answer it. Last asked: {1}.', count, signal.lastAsked),
      l10n.t('Readers asked this {0} times; the assistant could not answer it. Last asked: {1}.', count, signal.lastAsked),
    ),
    ...(signal.pageUrl ? [l10n.t('Asked from: {0}', signal.pageUrl)] : []),
    '',
    l10n.t('The question:'),
    indented(signal.question),
    '',
    l10n.t('What the assistant answered:'),
    indented(signal.answer || l10n.t('(nothing)')),
  ];
  if (signal.sources.length > 0)
    lines.push('', l10n.t('The pages it drew on:'), ...signal.sources.map((page) => `    - ${page.title}: ${page.url}`));
  if (thread && thread.messages.length > 0) {
    lines.push('', l10n.t('The whole conversation:'));
    for (const message of thread.messages)
      lines.push(message.role === 'user' ? l10n.t('Reader:') : l10n.t('Assistant:'), indented(message.content));
  }
  return `${lines.join('\n')}\n`;
}
