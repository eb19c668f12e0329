// Put into the real chat view (inside code-server) by bench/realWebview.ts: records the long tasks
// the view's PerformanceObserver reports, when the frame after the answer's end was painted, when
// the frame after all of it was drawn was (a flood is drawn in slices after its end shows), when the
// frame after all its code was highlighted was (a flood's code is drawn plain first), and how long
// each key typed while the answer was being drawn or highlighted took to show.

interface Probe {
  readonly longTasks: number[];
  /** Milliseconds from a key's event (its time in the browser) to the frame that shows it, painted. */
  readonly keyLatencies: number[];
  paintedAt?: number;
  drawnAt?: number;
  highlightedAt?: number;
}

const probe: Probe = { longTasks: [], keyLatencies: [] };
/** In the frame after the next: the time a frame showing what was just done has been painted by. */
const afterPaint = (then: (at: number) => void) => requestAnimationFrame(() => setTimeout(() => then(Date.now())));
// Read from the few turns and answers, not by a selector: a selector that matches nothing walks the
// whole document, which after a 1 MB answer is over 100,000 elements, in every key's task.
const turns = document.getElementsByClassName('turn');
const answers = document.getElementsByClassName('md-blocks');
const anyTurn = (status: string) => [...turns].some((turn) => turn.getAttribute('data-status') === status);
const anyAnswer = (attribute: string) => [...answers].some((answer) => answer.hasAttribute(attribute));
const drawing = () => anyTurn('streaming') || anyAnswer('data-catching-up');
const highlighting = () => anyAnswer('data-highlighting');

new PerformanceObserver((list) => list.getEntries().forEach((entry) => probe.longTasks.push(entry.duration))).observe({ type: 'longtask' });
let endShown = false;
let allDrawn = false;
const ended = new MutationObserver(() => {
  if (!anyTurn('done')) return;
  if (!endShown) afterPaint((at) => (probe.paintedAt = at));
  endShown = true;
  if (drawing()) return;
  if (!allDrawn) afterPaint((at) => (probe.drawnAt = at));
  allDrawn = true;
  if (highlighting()) return;
  ended.disconnect();
  afterPaint((at) => (probe.highlightedAt = at));
});
ended.observe(document.body, {
  subtree: true,
  attributes: true,
  attributeFilter: ['data-status', 'data-catching-up', 'data-highlighting'],
});

// A key's event time is when the browser took it, before the view's thread was free to handle it.
let typedAt: number | undefined;
document.addEventListener('keydown', (event) => void ((drawing() || highlighting()) && (typedAt = event.timeStamp)), true);
document.addEventListener(
  'input',
  () => {
    const at = typedAt;
    typedAt = undefined;
    if (at !== undefined) requestAnimationFrame(() => setTimeout(() => probe.keyLatencies.push(performance.now() - at)));
  },
  true,
);
Object.assign(window, { benchProbe: probe });
