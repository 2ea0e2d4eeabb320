/**
 * Runs `job` now (or after `firstAfterMs`) and then every `everyMs`, never two runs at once, without
 * keeping the process alive. A failed run goes to `onError` and the next one comes as usual. Returns
 * the stop function.
 */
export function startPeriodicJob(
  job: () => Promise<void>,
  { everyMs, firstAfterMs = 0, onError }: { everyMs: number; firstAfterMs?: number; onError: (error: unknown) => void },
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), firstAfterMs);
  first.unref();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
