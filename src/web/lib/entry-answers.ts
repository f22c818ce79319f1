import type { SessionResponse } from "~/core/api/auth";
import type { AnswerParser } from "./api-client";

/**
 * Checkers of the answers the app's first requests read — the session's here, the balance's in balance.ts and
 * sign-out's in logout.ts (both out of the entry chunk: loaded once someone is signed in) — each the check of its zod
 * schema in src/core/api (`sessionResponseSchema`, `balanceResponseSchema`, `signOutResponseSchema`) for the
 * fields the app reads, written out by hand and small: zod itself would not fit
 * the first-load budget of "/". Each builds its answer field by field as the contract's type, so a changed schema
 * breaks the type-check here; a wrong answer throws (apiCall turns it into BAD_ANSWER).
 */

export const fail = (): never => {
  throw new Error("unexpected answer");
};
export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? { ...v } : fail());
export const str = (v: unknown): string => (typeof v === "string" ? v : fail());
export const int = (v: unknown): number => (Number.isInteger(v) ? Number(v) : fail());
const optStr = (v: unknown): string | null | undefined => (v == null ? v : str(v));

/** The part of the session answer the app reads: who is signed in. */
export type SessionAnswer = {
  user: Pick<NonNullable<SessionResponse>["user"], "id" | "email" | "role">;
} | null;

export const sessionAnswer: AnswerParser<SessionAnswer> = {
  parse(body) {
    if (body === null) return null;
    const u = obj(obj(body).user);
    return { user: { id: str(u.id), email: str(u.email), role: optStr(u.role) } };
  },
};
