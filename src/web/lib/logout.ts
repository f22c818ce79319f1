import type { NavigateFunction } from "react-router";
import { paths } from "~/web/config/paths";
import { apiFetch } from "./api-client";
import { notify } from "./notify";
import { setSession } from "./session";

/**
 * Signs out (docs/product.md): ends the server session, moves the app to signed-out and shows 'Logged Out';
 * then goes to /auth; on failure shows 'Logout Failed' with the server's message.
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  try {
    await apiFetch("/api/auth/sign-out", { method: "POST" });
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
