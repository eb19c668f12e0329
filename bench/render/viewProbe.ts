// Put into the real chat view (inside code-server) by bench/realWebview.ts: records the long tasks
// the view's PerformanceObserver reports, when the frame after the answer's end was painted, when
// the frame after all of it was drawn was (a flood is drawn in slices after its end shows), and how
// long each key typed while the answer was being drawn took to show.

interface Probe {
  readonly longTasks: number[];
  /** Milliseconds from a key's event (its time in the browser) to the frame that shows it, painted. */
  readonly keyLatencies: number[];
  paintedAt?: number;
  drawnAt?: number;
}

const probe: Probe = { longTasks: [], keyLatencies: [] };
/** In the frame after the next: the time a frame showing what was just done has been painted by. */
const afterPaint = (then: (at: number) => void) => requestAnimationFrame(() => setTimeout(() => then(Date.now())));
const drawing = () => !!document.querySelector('.turn[data-status="streaming"], .md-blocks[data-catching-up]');

new PerformanceObserver((list) => list.getEntries().forEach((entry) => probe.longTasks.push(entry.duration))).observe({ type: 'longtask' });
let endShown = false;
const ended = new MutationObserver(() => {
  if (!document.querySelector('.turn[data-status="done"]')) return;
  if (!endShown) afterPaint((at) => (probe.paintedAt = at));
  endShown = true;
  if (drawing()) return;
  ended.disconnect();
  afterPaint((at) => (probe.drawnAt = at));
});
ended.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status', 'data-catching-up'] });

// A key's event time is when the browser took it, before the view's thread was free to handle it.
let typedAt: number | undefined;
document.addEventListener('keydown', (event) => void (drawing() && (typedAt = event.timeStamp)), true);
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
