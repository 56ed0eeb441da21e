/**
 * Resolves once `condition` holds, looked at every few milliseconds; fails after `ms` with what
 * `seen` says of the state then, so that a test that gives up says why.
 */
export async function until(condition: () => boolean, ms: number, seen: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${ms} ms: ${seen()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
