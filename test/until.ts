// Waiting for something to hold, for the in-host and the UI tests alike: nothing here needs VS
// Code or a browser.

type Probed<T> = T | undefined | false;

/**
 * Waits until `probe` gives something, or fails saying what it waited for. A probe may be async
 * (a browser's answer is): its promise is awaited, never taken for the something.
 */
export async function until<T>(what: string, probe: () => Probed<T> | Promise<Probed<T>>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
