import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { ApiError } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { setSession } from "~/web/lib/session";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { useSignIn } from "../api/sign-in";
import { useSignUp } from "../api/sign-up";
import { AuthAlert } from "./auth-alert";
import { commonPasswordProblem } from "./common-password";
import { PasswordField } from "./password-field";
import {
  announceRegistration,
  type ReferralResult,
  RegistrationResult,
  referralResultOf,
} from "./registration-result";
import { ResendConfirmation } from "./resend-confirmation";

type Mode = "login" | "register";

export interface AuthFormProps {
  /** `?ref=` of the URL: start in register mode with this code filled (docs/product.md). */
  initialReferralCode: string | null;
}

const PASSWORD_HINT = "At least 6 characters";

/**
 * The login ⇄ register form of /auth (docs/product.md). A successful login only sets the session; the page
 * then leaves for `redirectTo` or '/'.
 */
export function AuthForm({ initialReferralCode }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>(initialReferralCode ? "register" : "login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [referralCode, setReferralCode] = useState(initialReferralCode ?? "");
  const [mismatch, setMismatch] = useState(false);
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const [registered, setRegistered] = useState<{ email: string; referral: ReferralResult } | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const passwordReset = useRequestPasswordReset();
  const emailRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const isRegister = mode === "register";
  const isProcessing = signIn.isPending || signUp.isPending;

  const announcedReferral = useRef(false);
  useEffect(() => {
    if (!initialReferralCode || announcedReferral.current) return;
    announcedReferral.current = true;
    notify({ title: "Referral Applied", description: "You've been referred! Sign up to get started." });
  }, [initialReferralCode]);

  function switchMode() {
    setMode(isRegister ? "login" : "register");
    setConfirm("");
    setMismatch(false);
    setPasswordProblem(null);
    setUnverifiedEmail(null);
  }

  function login() {
    const address = email.trim();
    setUnverifiedEmail(null);
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: (user) => {
          notify({ title: "Login Successful", description: `Welcome back, ${user.email}!` });
          setSession(user, "SIGNED_IN");
        },
        onError: (error) => {
          notify({ title: "Login Failed", description: error.message, variant: "destructive" });
          if (error instanceof ApiError && error.code === "EMAIL_NOT_VERIFIED") setUnverifiedEmail(address);
        },
      },
    );
  }

  async function register() {
    if (password !== confirm) {
      setMismatch(true);
      notify({ title: "Error", description: "Passwords do not match.", variant: "destructive" });
      confirmRef.current?.focus();
      return;
    }
    const problem = await commonPasswordProblem(password);
    if (problem) {
      setPasswordProblem(problem);
      notify({ title: "Registration Failed", description: problem, variant: "destructive" });
      passwordRef.current?.focus();
      return;
    }
    const address = email.trim();
    const code = referralCode.trim() || null;
    signUp.mutate(
      { email: address, password, referralCode: code },
      {
        onSuccess: ({ referral }) => {
          const outcome = referralResultOf(code, referral);
          announceRegistration(outcome);
          setRegistered({ email: address, referral: outcome });
          setEmail("");
          setPassword("");
          setConfirm("");
          setReferralCode("");
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "PASSWORD_TOO_COMMON")
            setPasswordProblem(error.message);
          notify({ title: "Registration Failed", description: error.message, variant: "destructive" });
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isProcessing) return;
    setRegistered(null);
    if (isRegister) void register();
    else login();
  }

  function forgotPassword() {
    const address = email.trim();
    if (!address) {
      notify({
        title: "Email Required",
        description: "Please enter your email address to reset password.",
        variant: "destructive",
      });
      emailRef.current?.focus();
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
        {registered ? <RegistrationResult email={registered.email} referral={registered.referral} /> : null}
        {unverifiedEmail ? (
          <AuthAlert title="Please confirm your email address first" variant="error" role="alert">
            <p>Follow the link in the confirmation email we sent you, then log in again.</p>
            <ResendConfirmation email={unverifiedEmail} />
          </AuthAlert>
        ) : null}
        <form onSubmit={submit} className="grid gap-4" aria-busy={isProcessing}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              ref={emailRef}
              id={`${id}-email`}
              type="email"
              required
              autoComplete={isRegister ? "email" : "username"}
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <PasswordField
              ref={passwordRef}
              id={`${id}-password`}
              label="Password"
              required
              minLength={isRegister ? 6 : undefined}
              maxLength={128}
              autoComplete={isRegister ? "new-password" : "current-password"}
              placeholder={PASSWORD_HINT}
              value={password}
              error={isRegister && passwordProblem ? passwordProblem : undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                setMismatch(false);
                setPasswordProblem(null);
              }}
            />
            {isRegister ? null : (
              <Button
                variant="link"
                size="sm"
                className="h-auto justify-self-end px-0 py-1"
                onClick={forgotPassword}
                disabled={passwordReset.isPending}
              >
                Forgot Password?
              </Button>
            )}
          </div>
          {isRegister ? (
            <>
              <PasswordField
                ref={confirmRef}
                id={`${id}-confirm`}
                label="Confirm Password"
                required
                maxLength={128}
                autoComplete="new-password"
                placeholder="Repeat your password"
                value={confirm}
                error={mismatch ? "Passwords do not match." : undefined}
                onChange={(e) => {
                  setConfirm(e.target.value);
                  setMismatch(false);
                }}
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
                  value={referralCode}
                  onChange={(e) => setReferralCode(e.target.value)}
                />
              </div>
            </>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={isProcessing}>
            {isProcessing ? "Processing..." : isRegister ? "Register" : "Login"}
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          {isRegister ? "Already have an account?" : "Don't have an account?"}{" "}
          <Button variant="link" size="sm" className="h-auto px-0 py-1" onClick={switchMode}>
            {isRegister ? "Login here" : "Register here"}
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
