import { setTimeout as sleep } from "node:timers/promises";

/** The longest an answer is held back, so one slow creation cannot slow every later answer much. */
const MAX_WAIT_MS = 2000;

/**
 * Makes the cheap path of an endpoint (e.g. sign-up for an address that already has an account: nothing is
 * written) take as long as the expensive one (a user, an account and a profile written), so response times do
 * not tell which addresses are registered. The expensive path's duration is followed as a moving average; a cheap
 * answer waits until that much time has passed since its request started.
 */
export function createTimingEqualiser(weight = 0.2) {
  let typicalMs: number | undefined;
  return {
    /** Call when the answer is ready; `didWork` is true on the expensive path. */
    async settle(startedAt: number, didWork: boolean): Promise<void> {
      const elapsed = performance.now() - startedAt;
      if (didWork) {
        typicalMs = typicalMs === undefined ? elapsed : typicalMs + weight * (elapsed - typicalMs);
        return;
      }
      if (typicalMs === undefined) return;
      const wait = Math.min(typicalMs, MAX_WAIT_MS) - elapsed;
      if (wait > 0) await sleep(wait);
    },
    /** The current estimate of the expensive path, in ms (undefined before its first run). */
    typicalMs: () => typicalMs,
  };
}
