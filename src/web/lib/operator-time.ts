/**
 * Times in the console (docs/product.md, "Content operations"): stored in UTC, shown and typed in the operator's
 * browser time zone, which the console names beside every schedule.
 */

/** The operator's time zone, as the console names it beside every schedule. */
export const operatorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as a `datetime-local` value in the operator's zone ("" for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the operator's zone) as an ISO instant in UTC, or null when empty. */
export const fromLocalInput = (value: string): string | null =>
  value === "" ? null : new Date(value).toISOString();

/** An instant in the operator's zone, e.g. "2 Mar 2030, 09:00". */
export const shownInZone = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—";
