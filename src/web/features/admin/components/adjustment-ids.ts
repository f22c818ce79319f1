import { useRef } from "react";

/** A random UUID, also where `crypto.randomUUID` is missing (a page served over plain http to another machine). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of the adjustment the administrator means to make, sent with it so that the server applies it once:
 * every amount and reason tried and not confirmed keeps its id (a resend after a lost answer or after the password
 * check, even after trying other values in between, reuses it); an id is forgotten only when its own request
 * succeeded, so the next identical adjustment is a new one.
 */
export function adjustmentIds(make: () => string = newUuid) {
  const unconfirmed = new Map<string, string>();
  return {
    idFor(amount: number, reason: string): string {
      const key = JSON.stringify([amount, reason]);
      let id = unconfirmed.get(key);
      if (!id) {
        id = make();
        unconfirmed.set(key, id);
      }
      return id;
    },
    succeeded(id: string): void {
      for (const [key, value] of unconfirmed) if (value === id) unconfirmed.delete(key);
    },
  };
}

/** adjustmentIds() kept for the life of the form. */
export function useAdjustmentIds() {
  const ids = useRef<ReturnType<typeof adjustmentIds> | null>(null);
  ids.current ??= adjustmentIds();
  return ids.current;
}
