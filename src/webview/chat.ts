// The chat view's front end. It announces itself with `ready`, then renders what the extension
// posts. It never runs anything from an answer: Markdown is rendered without raw HTML, and a
// click on a link only asks the extension to open it.

// First: the words of every module below are in the user's language.
import './l10nSetup';
import * as l10n from '@vscode/l10n';
import { activityAnnouncement } from '../shared/activity';
import type { EndedTurn, SetupStatus, ToWebview, ShownTurn } from '../shared/protocol';
import { Composer } from './composer';
import { ChatScroll } from './chatScroll';
import { answerOpening } from './answerOpening';
import { el } from './dom';
import { renderSetup } from './setupPanel';
import { TurnElement } from './turnElement';
import { vscode } from './vscodeApi';
import { number, plural } from '../shared/language';
import { renderingToWarmUp } from './markdown';
import { warmUpWhenIdle } from './warmUp';

const app = document.getElementById('app')!;
const setupArea = el('div', 'setup-area');
const chatArea = el('div', 'chat-area');
const conversation = el('section', 'conversation');
const intro = el('div', 'intro');
const status = el('div', 'sr-only status-region');
const composer = new Composer();
const scroll = new ChatScroll(app, conversation, () => !chatArea.hidden);
const turns = new Map<string, TurnElement>();
let focusedOnce = false;
/** What the status region last said about the running turn's activity, so each is said once. */
let announcedActivity = '';

conversation.setAttribute('aria-label', l10n.t('Conversation'));
// Announcements go through this status region only, never through the streaming text.
status.setAttribute('role', 'status');
status.setAttribute('aria-live', 'polite');
chatArea.append(conversation, composer.root);
app.append(setupArea, chatArea, status);
chatArea.hidden = true;

conversation.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const action = target.closest<HTMLButtonElement>('button.code-action');
  if (action) {
    const code = action.closest('.code-block')?.querySelector('code')?.textContent ?? '';
    vscode.postMessage({ type: action.dataset.action === 'insert' ? 'insertCode' : 'copyCode', code });
    return;
  }
  openLinkOf(target, event);
});

/** Links carry their target in data-href (no live href); the extension opens it after its checks. */
function openLinkOf(target: HTMLElement, event: Event): void {
  const link = target.closest<HTMLElement>('a[data-href]');
  if (!link) return;
  event.preventDefault();
  const url = link.dataset.href;
  if (url) vscode.postMessage({ type: 'openLink', url });
}

// The keys that scroll the view are ChatScroll's.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') vscode.postMessage({ type: 'stop' });
  if (event.key === 'Enter' && event.target instanceof HTMLElement && conversation.contains(event.target)) openLinkOf(event.target, event);
});

function showSetup(setup: SetupStatus, domain?: string): void {
  const ready = setup.kind === 'ready';
  if (!ready) scroll.hide();
  setupArea.hidden = ready;
  chatArea.hidden = !ready;
  if (!ready) renderSetup(setupArea, setup);
  else scroll.show();
  composer.setScope(setup.kind === 'ready' ? setup.scope : undefined);
  intro.replaceChildren(
    el('h2', 'intro-title', l10n.t('Ask your documentation')),
    el(
      'p',
      'intro-text',
      domain
        ? l10n.t(
            'Ask a question about the "{0}" documentation. To ask about code, select it in an editor and run Ask About Selection from its context menu (Ctrl+Alt+A).',
            domain,
          )
        : l10n.t(
            'Ask a question about your documentation. To ask about code, select it in an editor and run Ask About Selection from its context menu (Ctrl+Alt+A).',
          ),
    ),
  );
}

function newTurn(turn: ShownTurn): TurnElement {
  intro.remove();
  const element = new TurnElement(turn, scroll.follow, () => composer.focus());
  turns.set(turn.id, element);
  return element;
}

function addTurn(turn: ShownTurn): TurnElement {
  const element = newTurn(turn);
  conversation.append(element.root);
  return element;
}

/**
 * How long one slice of a restore may draw before it lets the view paint and answer input. Laying
 * out what it drew takes about as long again. A long answer draws its end in the slice, and the
 * rest of it in slices of its own (streamingMarkdown.ts).
 */
const RESTORE_SLICE_MS = 6;

/**
 * A conversation being shown: its turns are drawn from the newest back, a slice at a time, each
 * slice above the last. So the end shows at once and a long conversation never holds the view.
 */
let restoring:
  | {
      list: readonly ShownTurn[];
      /** The index in `list` of the newest turn not yet drawn; -1 once all are. */
      next: number;
      timer?: ReturnType<typeof setTimeout>;
    }
  | undefined;

function showConversation(list: readonly ShownTurn[]): void {
  clearTimeout(restoring?.timer);
  turns.clear();
  conversation.replaceChildren();
  if (list.length === 0) {
    restoring = undefined;
    conversation.append(intro);
    return;
  }
  restoring = { list, next: list.length - 1 };
  drawOlderTurns();
}

function drawOlderTurns(): void {
  // A turn removed meanwhile may have been the last one left to draw.
  if (restoring && restoring.next < 0) restoring = undefined;
  if (!restoring) return;
  const slice = restoring;
  const started = performance.now();
  scroll.addAbove(() => {
    const nodes: Node[] = [];
    do {
      const index = slice.next--;
      const turn = slice.list[index];
      const next = slice.list[index + 1];
      // Where the turns of an earlier connection end, say so: they are not sent any more.
      if (turn.earlier !== undefined && next?.earlier !== turn.earlier) {
        nodes.unshift(
          el(
            'p',
            'connection-divider',
            l10n.t('The questions above were asked of {0}. They are not sent with new questions.', turn.earlier),
          ),
        );
      }
      if (!turns.has(turn.id)) nodes.unshift(newTurn(turn).root);
    } while (slice.next >= 0 && performance.now() - started < RESTORE_SLICE_MS);
    conversation.prepend(...nodes);
  });
  if (slice.next >= 0) slice.timer = setTimeout(drawOlderTurns);
  else restoring = undefined;
}

/**
 * Says once how a turn ended: for an answer, how it begins and how long it is, not every piece
 * as it came. With VS Code's screen reader mode on, the whole first paragraph.
 */
function announce(turn: EndedTurn, answer: string): void {
  announcedActivity = '';
  if (turn.status === 'done') {
    const opening = answerOpening(answer, document.body.classList.contains('vscode-using-screen-reader'));
    status.textContent = answerComplete(answer.length, turn.sources.length, opening);
  } else if (turn.status === 'stopped') status.textContent = l10n.t('Answer stopped.');
  else if (turn.status === 'failed') status.textContent = l10n.t('The answer failed: {0}', turn.error?.message ?? '');
}

/** What is said of a complete answer: how long it is, how many sources it has, how it begins. */
function answerComplete(length: number, sources: number, opening: string): string {
  const chars = number(length);
  if (sources === 0) {
    return plural(
      length,
      l10n.t('Answer complete ({0} character): {1}', chars, opening),
      l10n.t('Answer complete ({0} characters): {1}', chars, opening),
    );
  }
  return plural(
    length,
    plural(
      sources,
      l10n.t('Answer complete ({0} character, {1} source): {2}', chars, sources, opening),
      l10n.t('Answer complete ({0} character, {1} sources): {2}', chars, sources, opening),
    ),
    plural(
      sources,
      l10n.t('Answer complete ({0} characters, {1} source): {2}', chars, sources, opening),
      l10n.t('Answer complete ({0} characters, {1} sources): {2}', chars, sources, opening),
    ),
  );
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  switch (message?.type) {
    case 'setup':
      showSetup(message.setup, message.setup.kind === 'ready' ? message.setup.domain : undefined);
      // Into the question box when the view opens, unless the user has already moved on (say, to
      // the command palette): taking focus then would close what they opened.
      if (message.setup.kind === 'ready' && !focusedOnce) {
        focusedOnce = true;
        if (document.hasFocus()) composer.focus();
      }
      break;
    case 'conversation':
      showConversation(message.turns);
      composer.setContext(message.context);
      composer.setAnswering(message.answering);
      break;
    case 'turnStarted':
      addTurn(message.turn);
      composer.setAnswering(true);
      status.textContent = l10n.t('Answering…');
      scroll.toEnd();
      break;
    case 'delta':
      turns.get(message.turnId)?.appendAnswer(message.text);
      break;
    case 'sources':
      turns.get(message.turnId)?.setSources(message.sources);
      break;
    case 'activity': {
      turns.get(message.turnId)?.setActivity(message.activity);
      const said = message.activity ? activityAnnouncement(message.activity) : '';
      if (said !== '' && said !== announcedActivity) status.textContent = said;
      announcedActivity = said || announcedActivity;
      break;
    }
    case 'turnEnded': {
      const element = turns.get(message.turn.id) ?? addTurn({ ...message.turn, answer: message.turn.answer ?? '' });
      element.setSources(message.turn.sources);
      element.setStatus(message.turn);
      composer.setAnswering(false);
      announce(message.turn, element.answerText);
      break;
    }
    case 'turnRemoved': {
      turns.get(message.turnId)?.root.remove();
      turns.delete(message.turnId);
      const index = restoring?.list.findIndex((turn) => turn.id === message.turnId) ?? -1;
      if (restoring && index >= 0) {
        restoring.list = restoring.list.filter((_, i) => i !== index);
        if (index <= restoring.next) restoring.next--;
      }
      break;
    }
    case 'context':
      composer.setContext(message.context);
      break;
    case 'askResult':
      composer.answered(message);
      break;
    case 'focusInput':
      composer.focus(message.text, message.note);
      break;
  }
});

vscode.postMessage({ type: 'ready' });
// Built before a question, so that the first answer's draws do not build them: the words said at
// every answer's end first, then the renderer and each language's highlighting. A browser without
// requestIdleCallback (Safari) builds them on first use, as before. `data-warmed-up` is for the
// benchmark, which asks its first question once a user could have.
warmUpWhenIdle(
  typeof requestIdleCallback === 'function' ? [() => answerComplete(0, 0, ''), ...renderingToWarmUp()] : [],
  (run) => requestIdleCallback(run),
  () => document.documentElement.setAttribute('data-warmed-up', ''),
);
