// The chat view's front end. It announces itself with `ready`, then renders what the extension
// posts. Messages are checked before use: only the shapes of ToWebview are acted on.

import type { ToWebview } from '../chat/protocol';
import { renderSetup } from './setupPanel';
import { vscode } from './vscodeApi';

const app = document.getElementById('app')!;

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data as Partial<ToWebview> | null;
  if (message?.type === 'setup' && message.setup) renderSetup(app, message.setup);
});

vscode.postMessage({ type: 'ready' });
