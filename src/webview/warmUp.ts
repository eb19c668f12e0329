// What a view's first answer would otherwise pay for inside its first draws: highlight.js compiles a
// language's grammar the first time it highlights in it (Java's takes 60 to 130 ms in Chromium,
// TypeScript's and CSS's 5 to 20), and Markdown's renderer and Intl's formatters (20 to 30 ms each)
// are built on first use. The view builds them while it has nothing else to do, before a question.
// A key pressed while a piece runs waits for it, as it would have during the first answer's draw.

/** An idle period, as requestIdleCallback gives it. */
interface IdlePeriod {
  timeRemaining(): number;
}

/**
 * An idle period this long comes only while the page draws no frames (the browser gives at most
 * 50 ms): a piece never lands between the frames of an answer, a restore or a scroll.
 */
export const LONG_IDLE_MS = 40;

/**
 * Runs each piece once, in order, one per long idle period of the page (`whenIdle`:
 * requestIdleCallback), then `done`.
 */
export function warmUpWhenIdle(
  pieces: readonly (() => void)[],
  whenIdle: (callback: (period: IdlePeriod) => void) => void,
  done: () => void = () => {},
): void {
  let next = 0;
  const run = (period: IdlePeriod): void => {
    if (period.timeRemaining() >= LONG_IDLE_MS) {
      try {
        pieces[next++]();
      } catch (error) {
        // Warming up is never needed: the first draw that uses the piece builds it as before.
        console.error('Docs Assistant: warming up the chat view', error);
      }
    }
    if (next < pieces.length) whenIdle(run);
    else done();
  };
  if (pieces.length > 0) whenIdle(run);
  else done();
}
