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
 * the same id for every resend of the same amount and reason (a retry after a lost answer, or after the
 * password check), a new one once it succeeded or when the amount or reason changed.
 */
export function adjustmentIds(make: () => string = newUuid) {
  let pending: { amount: number; reason: string; id: string } | null = null;
  return {
    idFor(amount: number, reason: string): string {
      if (pending?.amount !== amount || pending.reason !== reason) pending = { amount, reason, id: make() };
      return pending.id;
    },
    succeeded(): void {
      pending = null;
    },
  };
}

/** adjustmentIds() kept for the life of the form. */
export function useAdjustmentIds() {
  const ids = useRef<ReturnType<typeof adjustmentIds> | null>(null);
  ids.current ??= adjustmentIds();
  return ids.current;
}
