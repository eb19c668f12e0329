// The floor of the rendering benchmarks: an answer's final text rendered once, in one task, with
// the same renderer and styles as the real view. No view can show the answer for less.

import { renderMarkdown } from '../../src/webview/markdown';

const answer = document.createElement('div');
answer.className = 'answer';
document.getElementById('app')!.append(answer);

window.addEventListener('message', (event: MessageEvent<{ type: string; text?: string }>) => {
  if (event.data.type === 'floor') answer.innerHTML = renderMarkdown(event.data.text ?? '');
});
