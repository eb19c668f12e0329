// The panel the chat view shows about set-up: what is missing and the buttons that fix it.
// Built with DOM calls and textContent only: nothing here is parsed as HTML.

import type { SetupStatus } from '../shared/protocol';
import { setupActionTitle } from '../shared/setupActionTitles';
import { button, el } from './dom';
import { vscode } from './vscodeApi';

/** The chat replaces this panel once set-up is complete, so only what is missing is shown. */
export function renderSetup(root: HTMLElement, setup: Extract<SetupStatus, { kind: 'needs' }>): void {
  const panel = el('section', 'setup');
  panel.setAttribute('aria-labelledby', 'setup-title');
  const title = el('h2', 'setup-title', setup.title);
  title.id = 'setup-title';
  const actions = el('div', 'setup-actions');
  setup.actions.forEach((action, i) =>
    actions.append(
      button(setupActionTitle(action), i === 0 ? 'primary' : 'secondary', () => vscode.postMessage({ type: 'action', action })),
    ),
  );
  panel.append(title, el('p', 'setup-message', setup.message), actions);
  // No focus() here: a re-render must never pull focus away from wherever the user is working.
  root.replaceChildren(panel);
}
