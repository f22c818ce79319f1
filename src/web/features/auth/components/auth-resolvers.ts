import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import { sendVerificationEmailBodySchema } from "~/core/api/auth";
import { emailFormSchema, loginSchema, registerSchema, updatePasswordSchema } from "./auth-schemas";

/** The auth forms' resolvers, loaded on their first submit (src/web/lib/lazy-resolver.ts). */

type AuthValues = z.input<typeof registerSchema>;
type AuthSubmitted = z.output<typeof loginSchema> | z.output<typeof registerSchema>;

/** The mode's schema: login checks nothing beyond the fields' own attributes; register the password rules. */
export const authFormResolver: Resolver<AuthValues, "login" | "register", AuthSubmitted> = (
  values,
  mode,
  options,
) =>
  mode === "register"
    ? zodResolver(registerSchema)(values, mode, options)
    : zodResolver(loginSchema)(values, mode, options);

export const emailFormResolver = zodResolver(emailFormSchema);
export const resendResolver = zodResolver(sendVerificationEmailBodySchema.pick({ email: true }));
export const updatePasswordResolver = zodResolver(updatePasswordSchema);
