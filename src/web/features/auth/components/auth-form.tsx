import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { lazyResolver } from "~/web/lib/lazy-resolver";
import { notify } from "~/web/lib/notify";
import { setSession } from "~/web/lib/session";
import { useReferralCodeCheck } from "../api/check-referral-code";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { useSignIn } from "../api/sign-in";
import { useSignUp } from "../api/sign-up";
import { AuthAlert } from "./auth-alert";
import { type AuthFormApi, AuthFormFields, type Mode, type Submitted, type Values } from "./auth-form-fields";
import { emailRequiredNotice } from "./auth-notices";
import type { registerSchema } from "./auth-schemas";
import { ReferralLanding } from "./referral-landing";
import {
  announceRegistration,
  type ReferralResult,
  RegistrationResult,
  referralResultOf,
} from "./registration-result";
import { ResendConfirmation } from "./resend-confirmation";

export interface AuthFormProps {
  /** `?ref=` of the URL: start in register mode with this code filled (docs/product.md). */
  initialReferralCode: string | null;
  /** `?mode=register`: start in register mode (the guests' 'Create an account' links). */
  startInRegister?: boolean;
}

const empty: Values = { email: "", password: "", confirm: "", referralCode: "" };

/** The mode's schema (auth-resolvers.ts), loaded on the first submit. */
const resolver = lazyResolver<Values, Mode, Submitted>(() =>
  import("./auth-resolvers").then((m) => m.authFormResolver),
);

/** 'Referral Applied', once, when the page opens with a referral code the server knows (never for an unknown one). */
function useReferralNotice(initialReferralCode: string | null) {
  const announcedReferral = useRef(false);
  const valid = useReferralCodeCheck(initialReferralCode).data?.valid === true;
  useEffect(() => {
    if (!valid || announcedReferral.current) return;
    announcedReferral.current = true;
    notify({ title: "Referral Applied", description: "You've been referred! Sign up to get started." });
  }, [valid]);
}

/** A refused register form (the field shows the problem and has the focus): the confirmation, then the password. */
function refused(found: FieldErrors<Values>) {
  if (found.confirm?.message)
    notify({ title: "Error", description: found.confirm.message, variant: "destructive" });
  else if (found.password?.message)
    notify({ title: "Registration Failed", description: found.password.message, variant: "destructive" });
}

/**
 * The login and register requests and what they leave to show: a registration's result, an address still to
 * confirm, why the last login failed (under the form: the notice alone may be gone, or hidden by the keyboard).
 */
function useAuthRequests(form: AuthFormApi) {
  const [registered, setRegistered] = useState<{ email: string; referral: ReferralResult } | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [loginError, setLoginError] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();

  function login({ email: address, password }: { email: string; password: string }) {
    setUnverifiedEmail(null);
    setLoginError(null);
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: ({ firstSignIn, ...user }) => {
          // docs/product.md: the account's first sign-in is welcomed, later ones welcomed back.
          const greeting = firstSignIn ? "Welcome" : "Welcome back";
          notify({ title: "Login Successful", description: `${greeting}, ${user.email}!` });
          setSession(user, "SIGNED_IN");
        },
        onError: (error) => {
          notify({
            title: "Login Failed",
            description: error.message,
            variant: "destructive",
            reference: referenceOf(error),
          });
          if (error instanceof ApiError && error.code === "EMAIL_NOT_VERIFIED") setUnverifiedEmail(address);
          else setLoginError(error.message);
        },
      },
    );
  }

  function register({ email: address, password, referralCode: code }: z.output<typeof registerSchema>) {
    signUp.mutate(
      { email: address, password, referralCode: code },
      {
        onSuccess: ({ referral }) => {
          const outcome = referralResultOf(code, referral);
          announceRegistration(outcome);
          setRegistered({ email: address, referral: outcome });
          form.reset(empty);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "PASSWORD_TOO_COMMON")
            form.setError("password", { message: error.message });
          notify({
            title: "Registration Failed",
            description: error.message,
            variant: "destructive",
            reference: referenceOf(error),
          });
        },
      },
    );
  }

  function clear() {
    setUnverifiedEmail(null);
    setLoginError(null);
    setRegistered(null);
  }

  const isProcessing = signIn.isPending || signUp.isPending;
  return { registered, setRegistered, unverifiedEmail, loginError, isProcessing, login, register, clear };
}

/**
 * The login ⇄ register form of /auth (docs/product.md). A successful login only sets the session; the page
 * then leaves for `redirectTo` or '/'.
 */
export function AuthForm({ initialReferralCode, startInRegister = false }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>(initialReferralCode || startInRegister ? "register" : "login");
  const form = useForm<Values, Mode, Submitted>({
    defaultValues: { ...empty, referralCode: initialReferralCode ?? "" },
    resolver,
    context: mode,
    // Errors stay until the next submit; typing in a field clears its own (and the password's clears the confirmation's).
    reValidateMode: "onSubmit",
  });
  const { registered, setRegistered, unverifiedEmail, loginError, isProcessing, login, register, clear } =
    useAuthRequests(form);
  const passwordReset = useRequestPasswordReset();
  const id = useId();
  const isRegister = mode === "register";

  useReferralNotice(initialReferralCode);

  function switchMode() {
    setMode(isRegister ? "login" : "register");
    form.setValue("confirm", "");
    form.clearErrors();
    clear();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isProcessing) return;
    setRegistered(null);
    void form.handleSubmit(
      // The resolver checked `values` with this mode's schema.
      (values) => (isRegister ? register(values as z.output<typeof registerSchema>) : login(values)),
      refused,
    )(event);
  }

  function forgotPassword() {
    const address = form.getValues("email").trim();
    if (!address) {
      notify(emailRequiredNotice);
      form.setFocus("email");
      return;
    }
    passwordReset.mutate(address);
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h2">{isRegister ? "Create an Account" : "Welcome Back"}</CardTitle>
        <CardDescription>
          {isRegister
            ? "Sign up with your email and a password to start earning coins."
            : "Log in with your email and password."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {initialReferralCode && isRegister && !registered ? (
          <ReferralLanding code={initialReferralCode} />
        ) : null}
        {unverifiedEmail ? (
          <AuthAlert title="Please confirm your email address first" variant="error" role="alert">
            <p>Follow the link in the confirmation email we sent you, then log in again.</p>
            <ResendConfirmation email={unverifiedEmail} />
          </AuthAlert>
        ) : null}
        {registered ? (
          // The account exists: its result replaces the (emptied) register form until the user goes on.
          <RegistrationResult email={registered.email} referral={registered.referral} />
        ) : (
          <AuthFormFields
            id={id}
            form={form}
            isRegister={isRegister}
            isProcessing={isProcessing}
            loginError={loginError}
            onSubmit={submit}
            onForgotPassword={forgotPassword}
            forgotPending={passwordReset.isPending}
          />
        )}
        <p className="text-center text-sm text-muted-foreground">
          {isRegister ? "Already have an account?" : "Don't have an account?"}{" "}
          <Button variant="link" size="sm" className="h-auto min-h-11 px-0 py-1" onClick={switchMode}>
            {isRegister ? "Login here" : "Register here"}
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
