/**
 * The server's common-password rule (src/core/password-policy.ts), run in the browser before a new password is
 * sent: its message, or null. The rule's list is large, so it loads only when a form is submitted; if it cannot
 * load, the server still refuses with the same message.
 */
export async function commonPasswordProblem(password: string): Promise<string | null> {
  if (password.length < 6) return null;
  try {
    const { COMMON_PASSWORD_MESSAGE, isCommonPassword } = await import("~/core/password-policy");
    return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
  } catch {
    return null;
  }
}
