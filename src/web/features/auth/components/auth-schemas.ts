import { z } from "zod";
import { PASSWORD_MISMATCH_MESSAGE } from "~/core/password-rules";
import { newPasswordSchema } from "~/core/password-schema";
import { emailRequiredNotice } from "./auth-notices";
import { commonPasswordProblem } from "./common-password";

/**
 * The checks of a new password on submit, in docs/product.md's order: the length (which the field's own
 * `minLength` asks for first), then the confirmation, then the common-password rule. One problem at a time.
 */
async function checkNewPassword(value: { password: string; confirm: string }, ctx: z.RefinementCtx) {
  if (!newPasswordSchema.safeParse(value.password).success) return; // the length issue is already there
  if (value.password !== value.confirm) {
    ctx.addIssue({ code: "custom", path: ["confirm"], message: PASSWORD_MISMATCH_MESSAGE });
    return;
  }
  const problem = await commonPasswordProblem(value.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
}

const email = z.string().trim();

export const loginSchema = z.object({
  email,
  password: z.string(),
  confirm: z.string(),
  referralCode: z.string(),
});

/** Register: the referral code is optional; empty → null. */
export const registerSchema = z
  .object({
    email,
    password: newPasswordSchema,
    confirm: z.string(),
    referralCode: z
      .string()
      .trim()
      .transform((code) => code || null),
  })
  .superRefine(checkNewPassword);

/** 'Update Password': the new password and its confirmation. */
export const updatePasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .superRefine(checkNewPassword);

/** The small "send me a new link" forms: one address, trimmed. */
export const emailFormSchema = z.object({ email: z.string().trim().min(1, emailRequiredNotice.description) });
export type EmailFormValues = z.input<typeof emailFormSchema>;
