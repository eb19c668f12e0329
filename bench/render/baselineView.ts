// The chat renderer's baseline: the naive view, which renders the whole answer's Markdown again
// on every delta, with the same Markdown renderer and styles as the real view.

import { renderMarkdown } from '../../src/webview/markdown';

const answer = document.createElement('div');
answer.className = 'answer';
document.getElementById('app')!.append(answer);
let text = '';

window.addEventListener('message', (event: MessageEvent<{ type: string; deltas?: string[] }>) => {
  if (event.data.type !== 'deltas') return;
  for (const delta of event.data.deltas ?? []) {
    text += delta;
    answer.innerHTML = renderMarkdown(text);
  }
});
