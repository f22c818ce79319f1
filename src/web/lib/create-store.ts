import { useSyncExternalStore } from "react";

/** A tiny external store (the pattern of notify.ts) for app-wide state the entry bundle needs without TanStack Query. */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    set(next: T) {
      if (Object.is(next, state)) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe,
    // Hydration renders the state the page was prerendered with (`initial`), then the current one.
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
