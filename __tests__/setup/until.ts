/**
 * Resolves once `condition` holds, looked at every few milliseconds; fails after `ms` with what
 * `seen` says of the state then, so that a test that gives up says why.
 */
export async function until(condition: () => boolean, ms: number, seen: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) {
      // A timer runs before the I/O that arrived while this process was busy: that I/O is read
      // first, and the condition looked at once more, so that a busy machine's lag does not decide.
      await new Promise((resolve) => setImmediate(resolve));
      if (condition()) return;
      throw new Error(`gave up after ${ms} ms: ${seen()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
