import { useSyncExternalStore } from "react";

/** A tiny external store (the pattern of notify.ts) for app-wide state the entry bundle needs without TanStack Query. */
export function createStore<T>(initial: T) {
  let state = initial;
  // What the page was prerendered with: hydration renders it first, then the current state.
  let rendered = initial;
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
    /** Sets the state the page was (pre)rendered with, before rendering or hydrating it. */
    seed(next: T) {
      rendered = next;
      state = next;
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, get, () => rendered),
  };
}
