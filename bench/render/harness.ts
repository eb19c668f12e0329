// Runs in the benchmark's page. A worker plays the extension host: it posts the answer's deltas
// on its own clock, one batch every `intervalMs` as the extension batches them (DeltaBatcher),
// whatever the page's main thread is doing, so a view that falls behind builds a backlog as it
// would in VS Code.

interface Timing {
  /** When the last delta was posted, in ms since the epoch. */
  readonly lastDeltaAt: number;
  /** When the frame after the answer's end was painted, in ms since the epoch. */
  readonly finalPaintAt: number;
}

type Mode = 'ours' | 'baseline';

const feeder = `
onmessage = ({ data: { batches, mode, intervalMs } }) => {
  let index = 0;
  const post = () => {
    const batch = batches[index++];
    if (index === batches.length) self.lastDeltaAt = performance.timeOrigin + performance.now();
    postMessage(mode === 'ours' ? { type: 'delta', turnId: 'bench', text: batch.join('') } : { type: 'deltas', deltas: batch });
    if (index < batches.length) setTimeout(post, intervalMs);
    else postMessage({ type: 'turnEnded', lastDeltaAt: self.lastDeltaAt, turn: { id: 'bench', question: 'Bench', answer: batches.flat().join(''), sources: [], status: 'done' } });
  };
  post();
};`;

function deliver(data: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data }));
}

function runStream(batches: string[][], mode: Mode, intervalMs: number): Promise<Timing> {
  if (mode === 'ours') {
    deliver({ type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'bench' } });
    deliver({ type: 'turnStarted', turn: { id: 'bench', question: 'Bench', answer: '', sources: [], status: 'streaming' } });
  }
  const worker = new Worker(URL.createObjectURL(new Blob([feeder], { type: 'text/javascript' })));
  return new Promise((resolve) => {
    worker.onmessage = ({ data }: MessageEvent<{ type: string; lastDeltaAt?: number }>) => {
      deliver(data);
      if (data.type !== 'turnEnded') return;
      worker.terminate();
      // The view has handled the end; the next frame paints it, and a task after it runs after the paint.
      requestAnimationFrame(() =>
        setTimeout(() => resolve({ lastDeltaAt: data.lastDeltaAt!, finalPaintAt: performance.timeOrigin + performance.now() })),
      );
    };
    worker.postMessage({ batches, mode, intervalMs });
  });
}

(window as unknown as { runStream: typeof runStream }).runStream = runStream;
