import type { BalanceResponse } from "~/core/api/account";
import type { SessionResponse, SignOutResponse } from "~/core/api/auth";
import type { AnswerParser } from "./api-client";

/**
 * Checkers of the answers the entry chunk reads (the session, the balance, sign-out's), each the same check as its
 * zod schema in src/core/api (`sessionResponseSchema`, `balanceResponseSchema`) written out by hand: zod itself
 * would not fit the first-load budget of "/". Each builds its answer field by field as the contract's type, so
 * a changed schema breaks the type-check here; a wrong answer throws (apiCall turns it into BAD_ANSWER).
 */

type Fields = Record<string, unknown>;

function record(value: unknown, what: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${what}: not an object`);
  return { ...value };
}

function text(o: Fields, key: string): string {
  const v = o[key];
  if (typeof v !== "string") throw new Error(`${key}: not a string`);
  return v;
}

function optionalText(o: Fields, key: string): string | null | undefined {
  const v = o[key];
  if (v === null || v === undefined) return v;
  return text(o, key);
}

function whole(o: Fields, key: string): number {
  const v = o[key];
  if (typeof v !== "number" || !Number.isInteger(v)) throw new Error(`${key}: not a whole number`);
  return v;
}

function flag(o: Fields, key: string): boolean {
  const v = o[key];
  if (typeof v !== "boolean") throw new Error(`${key}: not a boolean`);
  return v;
}

export const balanceAnswer: AnswerParser<BalanceResponse> = {
  parse(body) {
    const o = record(body, "balance");
    return { balance: whole(o, "balance"), pending: whole(o, "pending") };
  },
};

export const sessionAnswer: AnswerParser<SessionResponse> = {
  parse(body) {
    if (body === null) return null;
    const o = record(body, "session answer");
    const session = record(o.session, "session");
    const user = record(o.user, "user");
    return {
      session: {
        ...session,
        id: text(session, "id"),
        userId: text(session, "userId"),
        expiresAt: text(session, "expiresAt"),
      },
      user: {
        ...user,
        id: text(user, "id"),
        email: text(user, "email"),
        name: text(user, "name"),
        emailVerified: flag(user, "emailVerified"),
        image: optionalText(user, "image"),
        role: optionalText(user, "role"),
        createdAt: text(user, "createdAt"),
        updatedAt: text(user, "updatedAt"),
      },
    };
  },
};

export const signOutAnswer: AnswerParser<SignOutResponse> = {
  parse(body) {
    return { success: flag(record(body, "sign-out answer"), "success") };
  },
};
