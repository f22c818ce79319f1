import type { FormEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/core/password-rules";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import type { loginSchema, registerSchema } from "./auth-schemas";
import { ConfirmPasswordField, PasswordField } from "./password-field";

export type Mode = "login" | "register";
export type Values = z.input<typeof registerSchema>;
export type Submitted = z.output<typeof loginSchema> | z.output<typeof registerSchema>;
export type AuthFormApi = UseFormReturn<Values, Mode, Submitted>;

export interface AuthFormFieldsProps {
  /** The form's id prefix (useId). */
  id: string;
  form: AuthFormApi;
  isRegister: boolean;
  isProcessing: boolean;
  /** Why the last login failed, shown under the form. */
  loginError: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onForgotPassword: () => void;
  forgotPending: boolean;
}

/** The register mode's own fields: the password's confirmation and the optional referral code. */
function RegisterFields({ id, form }: { id: string; form: AuthFormApi }) {
  return (
    <>
      <ConfirmPasswordField
        id={`${id}-confirm`}
        placeholder="Repeat your password"
        error={form.formState.errors.confirm?.message}
        field={form.register("confirm", { onChange: () => form.clearErrors("confirm") })}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-referral`}>
          Referral Code <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={`${id}-referral`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          placeholder="e.g. ABCD2345"
          {...form.register("referralCode")}
        />
      </div>
    </>
  );
}

/** The fields of /auth's login ⇄ register form (auth-form.tsx holds its state and answers). */
export function AuthFormFields(props: AuthFormFieldsProps) {
  const { id, form, isRegister, isProcessing, loginError } = props;
  return (
    // `method="post"`: were it ever submitted without the app, the browser posts it (a password never lands
    // in a URL); with the app, an early submit is held until the page is live (src/web/boot.ts).
    <form method="post" onSubmit={props.onSubmit} className="grid gap-4" aria-busy={isProcessing}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          required
          autoComplete={isRegister ? "email" : "username"}
          placeholder="you@example.com"
          {...form.register("email")}
        />
      </div>
      <div className="grid gap-2">
        <PasswordField
          id={`${id}-password`}
          label="Password"
          required
          minLength={isRegister ? PASSWORD_MIN_LENGTH : undefined}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete={isRegister ? "new-password" : "current-password"}
          hint={isRegister ? PASSWORD_HINT : undefined}
          error={isRegister ? form.formState.errors.password?.message : undefined}
          {...form.register("password", { onChange: () => form.clearErrors(["password", "confirm"]) })}
        />
        {isRegister ? null : (
          <Button
            variant="link"
            size="sm"
            className="h-auto min-h-11 justify-self-end px-0 py-1"
            onClick={props.onForgotPassword}
            disabled={props.forgotPending}
          >
            Forgot Password?
          </Button>
        )}
      </div>
      {isRegister ? <RegisterFields id={id} form={form} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isProcessing}>
        {isProcessing ? "Processing..." : isRegister ? "Register" : "Login"}
      </Button>
      {loginError && !isRegister ? (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          Login failed: {loginError}
        </p>
      ) : null}
    </form>
  );
}
