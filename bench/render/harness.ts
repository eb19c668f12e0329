// Runs in the benchmark's page. A worker plays the extension host: it posts the answer's deltas
// on its own clock, one batch every `intervalMs` as the extension batches them (StreamBatcher),
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
let batches, mode;
onmessage = ({ data }) => {
  if (data.batches) {
    ({ batches, mode } = data);
    postMessage({ type: 'prepared' });
    return;
  }
  const intervalMs = data.intervalMs;
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

let prepared: { readonly worker: Worker; readonly mode: Mode } | undefined;

/** Hands the answer's batches to the worker ahead of the run, so that copying them is not counted. */
function prepareStream(batches: string[][], mode: Mode): Promise<void> {
  const worker = new Worker(URL.createObjectURL(new Blob([feeder], { type: 'text/javascript' })));
  prepared = { worker, mode };
  return new Promise((resolve) => {
    worker.onmessage = () => resolve();
    worker.postMessage({ batches, mode });
  });
}

function runStream(intervalMs: number): Promise<Timing> {
  const { worker, mode } = prepared!;
  if (mode === 'ours') {
    deliver({ type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'bench' } });
    deliver({ type: 'turnStarted', turn: { id: 'bench', question: 'Bench', answer: '', sources: [], status: 'streaming' } });
  }
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
    worker.postMessage({ intervalMs });
  });
}

/** Resolves after the next frame has been painted. */
function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * Shows a conversation as the view gets it after a reload, from turns put in `benchTurns` before
 * (so that copying them into the page is not counted), once the view is set up, as the extension
 * sends them. Resolves once every turn is drawn and painted, with when the frame after the
 * message was painted and when the last turn was drawn, in ms after the message.
 */
async function runRestore(): Promise<{ firstPaintMs: number; allDrawnMs: number }> {
  const turns = (window as unknown as { benchTurns: unknown[] }).benchTurns;
  deliver({ type: 'setup', setup: { kind: 'ready', origin: 'https://api.example.com', domain: 'bench' } });
  await painted();
  const start = performance.now();
  deliver({ type: 'conversation', turns, answering: false });
  await painted();
  const firstPaintMs = performance.now() - start;
  const allDrawnMs = await new Promise<number>((resolve) => {
    const check = () => {
      if (document.querySelectorAll('.turn').length < turns.length) return;
      observer.disconnect();
      resolve(performance.now() - start);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    check();
  });
  await painted();
  return { firstPaintMs, allDrawnMs };
}

/**
 * Resolves once every answer in the view is drawn in full (a flood is drawn in steps after its end
 * shows), or, `highlighted`, its code highlighted too (a flood's code is drawn plain first), and the
 * frame after that painted, in ms since the epoch.
 */
function allDrawn(highlighted = false): Promise<number> {
  // Read from the answers, not by a selector, which walks the whole document in the view's tasks.
  const answers = document.getElementsByClassName('md-blocks');
  const waiting = (answer: Element) => answer.hasAttribute('data-catching-up') || (highlighted && answer.hasAttribute('data-highlighting'));
  return new Promise((resolve) => {
    const check = () => {
      if ([...answers].some(waiting)) return;
      observer.disconnect();
      void painted().then(() => resolve(performance.timeOrigin + performance.now()));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-catching-up', 'data-highlighting'] });
    check();
  });
}

/** Gives the floor view (floorView.ts) the whole text at once; resolves once it is painted. */
async function runFloor(text: string): Promise<void> {
  await painted();
  deliver({ type: 'floor', text });
  await painted();
}

Object.assign(window, { prepareStream, runStream, allDrawn, runRestore, runFloor });
