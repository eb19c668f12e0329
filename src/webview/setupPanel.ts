// The panel the chat view shows about set-up: what is missing and the buttons that fix it.
// Built with DOM calls and textContent only: nothing here is parsed as HTML.

import type { SetupAction, SetupView } from '../chat/protocol';
import { vscode } from './vscodeApi';

const actionLabels: Record<SetupAction, string> = {
  configure: 'Configure',
  setAssistantKey: 'Set Assistant Key',
  openSettings: 'Open Settings',
  showLog: 'Show Log',
  checkConnection: 'Check Connection',
};

export function renderSetup(root: HTMLElement, setup: SetupView): void {
  const panel = element('section', 'setup');
  panel.setAttribute('aria-labelledby', 'setup-title');
  if (setup.kind === 'ready') {
    panel.append(
      heading('Connected'),
      paragraph(`Docs Assistant is connected to ${setup.origin} for the documentation domain "${setup.domain}".`),
      buttons(['checkConnection', 'configure']),
    );
  } else {
    panel.append(heading(setup.title), paragraph(setup.message), buttons(setup.actions));
  }
  // No focus() here: a re-render must never pull focus away from wherever the user is working.
  root.replaceChildren(panel);
}

function heading(text: string): HTMLElement {
  const h = element('h2', 'setup-title', text);
  h.id = 'setup-title';
  return h;
}

function paragraph(text: string): HTMLElement {
  return element('p', 'setup-message', text);
}

function buttons(actions: readonly SetupAction[]): HTMLElement {
  const row = element('div', 'setup-actions');
  actions.forEach((action, i) => {
    const button = element('button', i === 0 ? 'primary' : 'secondary', actionLabels[action]) as HTMLButtonElement;
    button.type = 'button';
    button.addEventListener('click', () => vscode.postMessage({ type: 'action', action }));
    row.append(button);
  });
  return row;
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
