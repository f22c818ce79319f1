import { apiFetch } from "./api-client";
import { notify } from "./notify";
import { setSession } from "./session";

/**
 * Signs out (SPEC §2 nav Logout): ends the server session, moves the app to signed-out and shows 'Logged Out';
 * on failure shows 'Logout Failed' with the server's message. True when signed out; the caller then goes to /auth.
 */
export async function logout(): Promise<boolean> {
  try {
    await apiFetch("/api/auth/sign-out", { method: "POST" });
  } catch (error) {
    notify({
      title: "Logout Failed",
      description: error instanceof Error ? error.message : String(error),
      variant: "destructive",
    });
    return false;
  }
  setSession(null, "SIGNED_OUT");
  notify({ title: "Logged Out", description: "You have been successfully logged out." });
  return true;
}
