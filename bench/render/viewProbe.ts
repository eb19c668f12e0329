// Put into the real chat view (inside code-server) by bench/realWebview.ts: records the long tasks
// the view's PerformanceObserver reports, and when the frame after the answer's end was painted.

interface Probe {
  readonly longTasks: number[];
  paintedAt?: number;
}

const probe: Probe = { longTasks: [] };
new PerformanceObserver((list) => list.getEntries().forEach((entry) => probe.longTasks.push(entry.duration))).observe({ type: 'longtask' });
const ended = new MutationObserver(() => {
  if (!document.querySelector('.turn[data-status="done"]')) return;
  ended.disconnect();
  requestAnimationFrame(() => setTimeout(() => (probe.paintedAt = Date.now())));
});
ended.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
Object.assign(window, { benchProbe: probe });
