/**
 * Lets pending I/O and queue hand-offs run until condition holds (the
 * ManualClock does not move meanwhile); gives up after 10 s of real time.
 */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const giveUpAt = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
