// One question and its answer: the question, the context chip sent with it, the answer as it
// streams, its sources, and an error with Retry.

import type { SourceLink } from '../chat/conversation';
import type { TurnView as TurnData } from '../chat/protocol';
import { button, el, lineIcon, SELECTION_ICON } from './dom';
import { StreamingMarkdown } from './streamingMarkdown';
import { vscode } from './vscodeApi';

export class TurnElement {
  readonly root = el('article', 'turn');
  private readonly answer = el('div', 'answer markdown');
  private readonly sources = el('nav', 'sources');
  private readonly footer = el('div', 'turn-footer');
  private markdown: StreamingMarkdown;
  /** The answer text drawn so far, to tell whether the final text needs drawing again. */
  private shown = '';

  constructor(readonly turn: TurnData) {
    this.root.dataset.turnId = turn.id;
    const question = el('div', 'question');
    question.append(el('span', 'sr-only', 'You asked: '), el('p', 'question-text', turn.question));
    if (turn.context) question.append(contextBadge(turn.context.label, turn.context.note));
    this.answer.setAttribute('aria-label', 'Answer');
    this.sources.setAttribute('aria-label', 'Sources');
    this.root.append(question, this.answer, this.sources, this.footer);
    this.markdown = new StreamingMarkdown(this.answer);
    this.appendAnswer(turn.answer);
    this.setSources(turn.sources);
    this.setStatus(turn);
  }

  appendAnswer(text: string): void {
    if (text === '') return;
    this.shown += text;
    this.markdown.append(text);
  }

  setSources(sources: readonly SourceLink[]): void {
    this.sources.replaceChildren();
    if (sources.length === 0) return;
    const list = el('ul', 'source-list');
    for (const source of sources) {
      const item = el('li');
      const link = el('a', 'source-link', source.title || source.url);
      link.href = source.url;
      link.title = source.url;
      item.append(link);
      list.append(item);
    }
    this.sources.append(el('h3', 'sources-title', 'Sources'), list);
  }

  /** Shows how the turn ended. `answer` is the whole text, so a view that missed deltas catches up. */
  setStatus(turn: TurnData): void {
    this.root.dataset.status = turn.status;
    this.root.setAttribute('aria-busy', String(turn.status === 'streaming'));
    this.footer.replaceChildren();
    if (turn.status === 'streaming') {
      this.footer.append(el('span', 'typing', 'Answering…'));
      return;
    }
    if (turn.answer !== this.shown) {
      this.answer.replaceChildren();
      this.shown = '';
      this.markdown = new StreamingMarkdown(this.answer);
      this.appendAnswer(turn.answer);
    }
    this.markdown.finish();
    if (turn.status === 'stopped') this.footer.append(el('span', 'stopped-note', 'Stopped.'));
    if (turn.status === 'failed' && turn.error) {
      const error = el('div', 'turn-error');
      error.append(el('p', 'error-text', turn.error.message), button('Retry', 'secondary', () => vscode.postMessage({ type: 'retry', turnId: turn.id }), 'Retry this question'));
      this.footer.append(error);
    }
  }
}

export function contextBadge(label: string, note?: string): HTMLElement {
  const badge = el('span', 'context-badge');
  badge.append(lineIcon('context-icon', SELECTION_ICON), el('span', 'sr-only', 'Asked about '), el('span', 'context-label', label));
  if (note) badge.append(el('span', 'context-note', ` (${note})`));
  return badge;
}
