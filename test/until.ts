// Waiting for something to hold, for the in-host and the UI tests alike: nothing here needs VS
// Code or a browser.

/** Waits until `probe` gives something, or fails saying what it waited for. */
export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
