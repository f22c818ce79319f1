import type { Logger } from "../logger";
import type { DependencyName } from "./unavailable";

export type DependencyCheck = "ok" | "unreachable" | "not configured";

export interface DependencyMonitor {
  /** Records that `name` is unreachable: logs one line on the change, then probes until it answers again. */
  reportDown(name: DependencyName, error: unknown): void;
  isDown(name?: DependencyName): boolean;
  /** Probes every dependency now (each bounded by `timeoutMs`). */
  check(timeoutMs?: number): Promise<Record<DependencyName, DependencyCheck>>;
  /** Ends probing (shutdown). */
  stop(): void;
}

export type Probe = () => Promise<unknown>;

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Keeps one "down"/"back" state per dependency, so an outage logs one line when it starts and one when it ends,
 * however many requests fail in between. While one is down it is probed every `probeEveryMs`.
 */
export function createDependencyMonitor({
  logger,
  probes,
  probeEveryMs = 1000,
}: {
  logger: Logger;
  probes: Partial<Record<DependencyName, Probe>>;
  probeEveryMs?: number;
}): DependencyMonitor {
  const down = new Map<DependencyName, { since: number; timer: NodeJS.Timeout | undefined }>();
  let stopped = false;

  function probeLater(name: DependencyName, probe: Probe) {
    const timer = setTimeout(async () => {
      const state = down.get(name);
      if (!state || stopped) return;
      try {
        await withTimeout(probe(), probeEveryMs * 2, name);
        down.delete(name);
        logger.info({ dependency: name, downForMs: Date.now() - state.since }, `${name} reachable again`);
      } catch {
        probeLater(name, probe);
      }
    }, probeEveryMs);
    timer.unref();
    const state = down.get(name);
    if (state) state.timer = timer;
  }

  function reportDown(name: DependencyName, error: unknown) {
    if (down.has(name) || stopped) return;
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ dependency: name, error: message }, `${name} unreachable: answering 503 until it is back`);
    down.set(name, { since: Date.now(), timer: undefined });
    const probe = probes[name];
    if (probe) probeLater(name, probe);
  }

  return {
    reportDown,
    isDown: (name) => (name ? down.has(name) : down.size > 0),
    async check(timeoutMs = 2000) {
      const result: Record<DependencyName, DependencyCheck> = {
        database: "not configured",
        redis: "not configured",
      };
      await Promise.all(
        (Object.entries(probes) as [DependencyName, Probe][]).map(async ([name, probe]) => {
          try {
            await withTimeout(probe(), timeoutMs, name);
            result[name] = "ok";
          } catch (error) {
            result[name] = "unreachable";
            reportDown(name, error);
          }
        }),
      );
      return result;
    },
    stop() {
      stopped = true;
      for (const state of down.values()) clearTimeout(state.timer);
    },
  };
}
