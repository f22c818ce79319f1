import type { NavigateFunction } from "react-router";
import { paths } from "~/web/config/paths";
import { apiCall } from "./api-client";
import { signOutAnswer } from "./entry-answers";
import { notify } from "./notify";
import { setSession } from "./session";

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
      variant: "destructive",
    });
    return;
  }
  setSession(null, "SIGNED_OUT");
  notify({ title: "Logged Out", description: "You have been successfully logged out." });
  await navigate(paths.auth.getHref());
}
