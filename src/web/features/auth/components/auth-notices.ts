/** 'Forgot Password?' or 'Send New Reset Link' without an address. */
export const emailRequiredNotice = {
  title: "Email Required",
  description: "Please enter your email address to reset password.",
  variant: "destructive",
} as const;
