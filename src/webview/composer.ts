// The question box: Enter sends, Shift+Enter is a new line, Escape stops an answer. What is typed
// is kept while an answer streams and across the view being hidden, and it leaves the box only once
// the extension has accepted the question; a refused question stays, with the reason under it.

import * as l10n from '@vscode/l10n';
import { number, plural } from '../shared/language';
import { type ContextChip, MAX_QUESTION } from '../shared/protocol';
import { aroundSlot, button, el, SLOT } from './dom';
import { vscode } from './vscodeApi';

interface SavedState {
  readonly draft?: string;
}

export class Composer {
  readonly root = el('form', 'composer');
  /** The answers' scope, when a filter is set: what it is, and the buttons to change or clear it. */
  private readonly scope = el('div', 'scope-row');
  private readonly chip = el('div', 'chip-row');
  private readonly input = el('textarea', 'question-input');
  private readonly send = el('button', 'primary send', l10n.t('Send'));
  // It hides once the answer stops: the focus goes back to the question box, not to nowhere.
  private readonly stop = button(
    l10n.t('Stop'),
    'secondary stop',
    () => {
      vscode.postMessage({ type: 'stop' });
      this.input.focus();
    },
    l10n.t('Stop the answer (Escape)'),
  );
  private readonly problem = el('p', 'composer-problem');
  private answering = false;
  /** The text sent and not yet accepted or refused. */
  private sent: string | undefined;

  constructor() {
    this.input.rows = 2;
    this.input.placeholder = l10n.t('Ask the documentation… (Enter to send, Shift+Enter for a new line)');
    this.input.setAttribute('aria-label', l10n.t('Question for the documentation assistant'));
    this.input.value = ((vscode.getState() as SavedState | undefined) ?? {}).draft ?? '';
    this.send.type = 'submit';
    this.stop.hidden = true;
    this.problem.setAttribute('role', 'alert');
    this.problem.hidden = true;
    this.problem.id = 'composer-problem';
    this.input.setAttribute('aria-describedby', this.problem.id);
    const actions = el('div', 'composer-actions');
    actions.append(this.send, this.stop);
    this.scope.hidden = true;
    this.root.append(this.scope, this.chip, this.input, this.problem, actions);
    this.root.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener('input', () => {
      this.saveDraft();
      this.say(undefined);
    });
  }

  /** The extension's answer to the question last sent. */
  answered(result: { accepted: true } | { accepted: false; reason: string }): void {
    const sent = this.sent;
    this.sent = undefined;
    this.send.disabled = this.answering;
    if (!result.accepted) return this.say(result.reason);
    // Typed on while the question was on its way: keep what is new.
    if (sent !== undefined && this.input.value === sent) this.input.value = '';
    this.saveDraft();
  }

  /**
   * Puts the cursor in the box, with `text` (a question a link brought) in it when given: after
   * what the box held, so that no draft is lost; `note` is said under it until the reader types.
   * Nothing is sent.
   */
  focus(text?: string, note?: string): void {
    if (note !== undefined) this.say(note);
    if (text !== undefined) {
      const draft = this.input.value.trim();
      this.input.value = draft === '' || draft === text ? text : `${draft}\n\n${text}`;
      this.saveDraft();
    }
    this.input.focus();
    if (text !== undefined) this.input.setSelectionRange(this.input.value.length, this.input.value.length);
  }

  setAnswering(answering: boolean): void {
    this.answering = answering;
    this.send.disabled = answering || this.sent !== undefined;
    this.stop.hidden = !answering;
  }

  /** Shows the answers' scope ("v2 · fr"), or nothing when there is none. */
  setScope(label: string | undefined): void {
    this.scope.hidden = label === undefined;
    if (label === undefined) return this.scope.replaceChildren();
    // The label stands out within the sentence, wherever the language puts it.
    const [before, after] = aroundSlot(l10n.t('Answers from {0}', SLOT));
    const text = el('span', 'scope-text', before);
    text.append(el('span', 'scope-label', label));
    if (after !== '') text.append(after);
    this.scope.replaceChildren(
      text,
      button(
        l10n.t({ message: 'Change', comment: ['A button: choose another scope for the answers (a verb).'] }),
        'link-button',
        () => vscode.postMessage({ type: 'scope', action: 'change' }),
        l10n.t("Change the answers' scope, {0}", label),
      ),
      button(
        l10n.t({ message: 'Clear', comment: ["A button: remove the answers' scope (a verb)."] }),
        'link-button',
        () => vscode.postMessage({ type: 'scope', action: 'clear' }),
        l10n.t("Clear the answers' scope, {0}", label),
      ),
    );
  }

  setContext(context: ContextChip | undefined): void {
    this.chip.replaceChildren();
    if (!context) return;
    const chip = el('span', 'chip');
    chip.append(el('span', 'chip-label', context.label));
    if (context.note) chip.append(el('span', 'chip-note', context.note));
    chip.append(
      button(
        '✕',
        'chip-remove',
        () => {
          vscode.postMessage({ type: 'removeContext' });
          this.input.focus();
        },
        l10n.t('Remove {0} from the question', context.label),
      ),
    );
    this.chip.append(el('span', 'chip-caption', l10n.t('Asking about')), chip);
  }

  private submit(): void {
    // While an answer streams the question stays in the box, to be sent when it is done.
    if (this.answering || this.sent !== undefined) return;
    const text = this.input.value;
    if (text.trim() === '' && this.chip.childElementCount === 0) return;
    if (text.length > MAX_QUESTION) {
      const length = number(text.length);
      const limit = number(MAX_QUESTION);
      this.say(
        plural(
          text.length,
          l10n.t(
            'The question is {0} character long; the limit is {1}. Shorten it, or attach the code as a selection instead.',
            length,
            limit,
          ),
          l10n.t(
            'The question is {0} characters long; the limit is {1}. Shorten it, or attach the code as a selection instead.',
            length,
            limit,
          ),
        ),
      );
      return;
    }
    this.sent = text;
    this.send.disabled = true;
    this.say(undefined);
    vscode.postMessage({ type: 'ask', text });
  }

  private say(problem: string | undefined): void {
    this.problem.textContent = problem ?? '';
    this.problem.hidden = problem === undefined;
  }

  private saveDraft(): void {
    vscode.setState({ draft: this.input.value } satisfies SavedState);
  }
}
