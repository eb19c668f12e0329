// One question and its answer: the question, the context chip sent with it, what the assistant is
// doing while no text has come, the answer as it streams, its sources, and an error with Retry.

import * as l10n from '@vscode/l10n';
import { type TurnActivity, activityText } from '../shared/activity';
import { plural } from '../shared/language';
import type { FromWebview, SourceLink } from '../shared/protocol';
import { isSafeLink } from '../shared/linkTargets';
import type { EndedTurn, ShownTurn as TurnData } from '../shared/protocol';
import { aroundSlot, button, el, lineIcon, SELECTION_ICON, SLOT } from './dom';
import { StreamingMarkdown } from './streamingMarkdown';
import { vscode } from './vscodeApi';
import { linkWords } from '../shared/linkWords';
import { setupActionTitle } from '../shared/setupActionTitles';

/** Sources shown before "and N more". */
const SOURCES_SHOWN = 6;

export class TurnElement {
  readonly root = el('article', 'turn');
  private readonly notice = el('p', 'turn-notice');
  private readonly answer = el('div', 'answer markdown');
  private readonly sources = el('nav', 'sources');
  private readonly footer = el('div', 'turn-footer');
  private markdown: StreamingMarkdown;
  /** The answer text drawn so far (answerText): to tell whether an end's text needs drawing again. */
  private shown = '';
  private streaming = false;
  private countdown: ReturnType<typeof setInterval> | undefined;

  /**
   * `onDraw` runs after the answer was drawn anew: the view follows it when the reader is at the
   * bottom. `refocus` puts the focus back in the question box, after a button that goes away once
   * used (Retry, the countdown's): the focus is never left on nothing.
   */
  constructor(
    readonly turn: TurnData,
    private readonly onDraw: () => void = () => {},
    private readonly refocus: () => void = () => {},
  ) {
    this.root.dataset.turnId = turn.id;
    const question = el('div', 'question');
    question.append(el('span', 'sr-only', l10n.t('You asked: ')), el('p', 'question-text', turn.question));
    if (turn.context) question.append(contextBadge(turn.context.label, turn.context.note));
    this.answer.setAttribute('role', 'group');
    this.answer.setAttribute('aria-label', l10n.t('Answer'));
    this.sources.setAttribute('aria-label', l10n.t('Sources'));
    this.notice.hidden = true;
    this.root.append(question, this.notice, this.answer, this.sources, this.footer);
    if (turn.earlier) {
      this.root.classList.add('earlier');
      this.root.title = l10n.t('Asked of {0}; not sent to the current connection.', turn.earlier);
    }
    this.markdown = new StreamingMarkdown(this.answer, undefined, () => this.onDraw());
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
    sources.slice(0, SOURCES_SHOWN).forEach((source) => list.append(sourceItem(source)));
    this.sources.append(el('h3', 'sources-title', l10n.t('Sources')), list);
    const rest = sources.slice(SOURCES_SHOWN);
    if (rest.length === 0) return;
    const count = rest.length;
    const more = button(
      l10n.t('Show {0} more', count),
      'link-button more-sources',
      () => {
        more.remove();
        rest.forEach((source) => list.append(sourceItem(source)));
      },
      plural(count, l10n.t('Show {0} more source', count), l10n.t('Show {0} more sources', count)),
    );
    this.sources.append(more);
  }

  /** While the turn streams: what the assistant is doing, until its text arrives. */
  setActivity(activity: TurnActivity | undefined): void {
    if (!this.streaming) return;
    this.stopCountdown();
    if (!activity) {
      this.footer.replaceChildren(el('span', 'typing', l10n.t('Answering…')));
      return;
    }
    if (activity.kind !== 'waiting') {
      this.footer.replaceChildren(el('span', 'activity', activityText(activity)));
      return;
    }
    const deadline = Date.now() + activity.waitMs;
    const text = el('span', 'wait-text', activityText(activity));
    const wait = el('div', 'turn-wait');
    wait.append(
      text,
      button(
        l10n.t('Retry Now'),
        'secondary',
        () => this.post({ type: 'retryNow', turnId: this.turn.id }),
        l10n.t('Retry now, without waiting'),
      ),
      button(l10n.t('Stop'), 'secondary', () => this.post({ type: 'stop' }), l10n.t('Stop waiting and keep the question')),
    );
    this.footer.replaceChildren(wait);
    this.countdown = setInterval(() => (text.textContent = activityText(activity, deadline - Date.now())), 1000);
  }

  /** The answer text drawn or being drawn: what the announcement of its end counts and quotes. */
  get answerText(): string {
    return this.shown;
  }

  /** Shows how the turn ended. `answer`, when there, is the whole text: a view that missed deltas catches up. */
  setStatus(turn: EndedTurn): void {
    this.root.dataset.status = turn.status;
    this.root.setAttribute('aria-busy', String(turn.status === 'streaming'));
    this.notice.textContent = turn.notice ?? '';
    this.notice.hidden = !turn.notice;
    this.streaming = turn.status === 'streaming';
    if (this.streaming) {
      this.setActivity(turn.activity);
      return;
    }
    this.stopCountdown();
    this.footer.replaceChildren();
    if (turn.answer !== undefined && turn.answer !== this.shown) {
      this.markdown.abandon();
      this.answer.replaceChildren();
      this.shown = '';
      this.markdown = new StreamingMarkdown(this.answer, undefined, () => this.onDraw());
      this.appendAnswer(turn.answer);
    }
    this.markdown.finish();
    if (turn.status === 'stopped') this.footer.append(el('span', 'stopped-note', l10n.t('Stopped.')));
    if (turn.status === 'failed' && turn.error) {
      const error = el('div', 'turn-error');
      error.setAttribute('role', 'alert');
      const fix = turn.error.fix;
      error.append(
        el('p', 'error-text', turn.error.message),
        ...(fix ? [button(setupActionTitle(fix), 'primary', () => this.post({ type: 'action', action: fix }))] : []),
        button(l10n.t('Retry'), 'secondary', () => this.post({ type: 'retry', turnId: turn.id }), l10n.t('Retry this question')),
      );
      this.footer.append(error);
    }
  }

  /** Sends what a button asks for, and puts the focus back in the question box before the button goes. */
  private post(message: FromWebview): void {
    vscode.postMessage(message);
    this.refocus();
  }

  private stopCountdown(): void {
    clearInterval(this.countdown);
    this.countdown = undefined;
  }
}

/** A source that the extension opens on click (it checks the target again), or plain text. */
function sourceItem(source: SourceLink): HTMLLIElement {
  const item = el('li');
  const label = source.title || source.url || l10n.t('Untitled document');
  if (source.url === undefined || !isSafeLink(source.url)) {
    item.append(el('span', 'source-text', label));
    return item;
  }
  const link = el('a', 'source-link', linkWords(label, source.url));
  link.dataset.href = source.url;
  link.title = source.url;
  link.setAttribute('role', 'link');
  link.tabIndex = 0;
  item.append(link);
  return item;
}

export function contextBadge(label: string, note?: string): HTMLElement {
  const badge = el('span', 'context-badge');
  // Said before (or after) the label, as the language has it: only to a screen reader.
  const [before, after] = aroundSlot(l10n.t('Asked about {0}', SLOT));
  badge.append(lineIcon('context-icon', SELECTION_ICON));
  if (before !== '') badge.append(el('span', 'sr-only', before));
  badge.append(el('span', 'context-label', label));
  if (after !== '') badge.append(el('span', 'sr-only', after));
  if (note) badge.append(el('span', 'context-note', ` (${note})`));
  return badge;
}
