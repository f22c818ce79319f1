import { z } from "zod";
import { newPasswordSchema } from "../password-schema";

/**
 * The account endpoints under /api/auth that the app uses (better-auth behind our routes; the rest of
 * better-auth is switched off). better-auth validates the requests; these schemas describe them.
 */
/** An address (better-auth refuses any other with 400): stated as `format: email`, at most 254 characters. */
const email = z.string().max(254).describe("Trimmed before use.").meta({ format: "email" });
const password = newPasswordSchema;

export const signUpBodySchema = z.object({
  email,
  password,
  /** Optional; empty → null. */
  referralCode: z.string().max(100).nullish(),
});
export const signInBodySchema = z.object({
  email,
  password: z.string().min(1).max(128),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});
export const sendVerificationEmailBodySchema = z.object({ email, callbackURL: z.string().optional() });
export const requestPasswordResetBodySchema = z.object({ email, redirectTo: z.string().optional() });
export const resetPasswordBodySchema = z.object({ newPassword: password, token: z.string().optional() });
export const verifyPasswordBodySchema = z.object({ password: z.string().min(1).max(128) });
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: password,
  /** Ignored: a changed password always ends the user's other sessions. */
  revokeOtherSessions: z.boolean().optional(),
});
export const verifyEmailQuerySchema = z.object({ token: z.string(), callbackURL: z.string().optional() });
export const getSessionQuerySchema = z.object({
  disableCookieCache: z.boolean().optional(),
  disableRefresh: z.boolean().optional(),
});

export const authUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  /** "admin" for administrators (better-auth's admin plugin); "user" otherwise. */
  role: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What the server did with the referral code: applied, invalid (nobody has it) or none given. */
export const referralOutcomeSchema = z.enum(["applied", "invalid", "none"]);

export const signUpResponseSchema = z.object({
  token: z.string().nullable(),
  /** No role: nothing before the address is confirmed says anything about roles. */
  user: authUserSchema.omit({ role: true }),
  referral: referralOutcomeSchema,
});
/** better-auth's sign-in answer as sent to better-auth's own callers. */
export const authSignInSchema = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().nullish(),
  user: authUserSchema,
});
/** Ours adds whether this is the account's first sign-in: it says "Welcome", a later one "Welcome back". */
export const signInResponseSchema = authSignInSchema.extend({ firstSignIn: z.boolean() });
export const changePasswordResponseSchema = z.object({ token: z.string().nullable(), user: authUserSchema });
export const statusResponseSchema = z.object({ status: z.boolean() });
export const requestPasswordResetResponseSchema = z.object({ status: z.boolean(), message: z.string() });
export const sessionResponseSchema = z
  .object({
    session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
    user: authUserSchema,
  })
  .nullable();
export const signOutResponseSchema = z.object({ success: z.boolean() });

export type SignUpResponse = z.output<typeof signUpResponseSchema>;
export type SignInResponse = z.output<typeof signInResponseSchema>;
export type SessionResponse = z.output<typeof sessionResponseSchema>;
export type StatusResponse = z.output<typeof statusResponseSchema>;
export type RequestPasswordResetResponse = z.output<typeof requestPasswordResetResponseSchema>;
export type SignOutResponse = z.output<typeof signOutResponseSchema>;
