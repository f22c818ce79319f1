import { logContext } from "../logger";

/**
 * The poll loop: `step` runs at once on start, then every `pollMs`, or soon after a wake(0) (a wake during a
 * step runs the next one right after it).
 */
export function createPoller(step: () => Promise<void>, pollMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking = false;
  /** A wake arrived while a step ran: look again right after it. */
  let again = false;
  async function tick(): Promise<void> {
    timer = undefined;
    if (!running) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    again = false;
    try {
      await step();
    } finally {
      ticking = false;
      wake(again ? 0 : pollMs);
    }
  }
  function wake(delayMs: number) {
    if (!running) return;
    if (timer && delayMs > 0) return;
    if (timer) clearTimeout(timer);
    // A wake from a request (a job it enqueued) must not run the loop, and every later tick, in that request's
    // log context: the loop runs outside any.
    timer = setTimeout(() => logContext.exit(() => void tick()), delayMs);
    timer.unref();
  }
  return {
    /** Starts the loop (a second start does nothing). */
    start() {
      if (running) return;
      running = true;
      wake(0);
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    wake,
  };
}
