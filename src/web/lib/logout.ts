import type { NavigateFunction } from "react-router";
import type { SignOutResponse } from "~/core/api/auth";
import { paths } from "~/web/config/paths";
import type { AnswerParser } from "./api-client";
import { apiCall, referenceOf } from "./api-client";
import { fail, obj } from "./entry-answers";
import { notify } from "./notify";
import { setSession } from "./session";

/** Sign-out's answer checked as `signOutResponseSchema` (see entry-answers.ts). */
const signOutAnswer: AnswerParser<SignOutResponse> = {
  parse(body) {
    const { success } = obj(body);
    return { success: typeof success === "boolean" ? success : fail() };
  },
};

/**
 * Signs out (docs/product.md): ends the server session, moves the app to signed-out and shows 'Logged Out';
 * then goes to /auth; on failure shows 'Logout Failed' with the server's message.
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  try {
    await apiCall("/api/auth/sign-out", signOutAnswer, { method: "POST" });
  } catch (error) {
    notify({
      title: "Logout Failed",
      description: error instanceof Error ? error.message : String(error),
      reference: referenceOf(error),
      variant: "destructive",
    });
    return;
  }
  setSession(null, "SIGNED_OUT");
  notify({ title: "Logged Out", description: "You have been successfully logged out." });
  await navigate(paths.auth.getHref());
}
