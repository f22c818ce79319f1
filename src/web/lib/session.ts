import { ApiError, apiCall, onSessionGone, referenceOf } from "./api-client";
import { createStore } from "./create-store";
import { sessionAnswer } from "./entry-answers";
import { notify } from "./notify";

/**
 * Client auth state of docs/product.md: signed out / signed in / loading, with its session events. The session is
 * re-checked every 30 s (docs/product.md) and on window focus, so a revoked or expired session moves
 * the UI to signed-out without a reload. A plain store, not a query: the header on "/" needs it and the
 * entry bundle has no room for TanStack Query (docs/decisions/003-web-bundle-budget.md).
 */
export interface SessionUser {
  id: string;
  email: string;
  /** Shapes the UI only (the nav's Admin link, the console); the server checks the role on every request. */
  role: "user" | "admin" | "editor";
}

export type SessionStatus = "loading" | "signed-in" | "signed-out";

export type SessionEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "PASSWORD_RECOVERY";

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The last session event, for listeners that react to transitions. */
  event: SessionEvent | null;
}

export const SESSION_REFRESH_MS = 30_000;

const store = createStore<SessionState>({ status: "loading", user: null, event: null });

export const getSession = store.get;
export const subscribeToSession = store.subscribe;
export const useSession = store.use;

/** Sets the state from outside a fetch (e.g. right after sign-out) and tells listeners which event happened. */
export function setSession(user: SessionUser | null, event: SessionEvent): void {
  store.set({ status: user ? "signed-in" : "signed-out", user, event });
}

/**
 * The server sends a page's guest variant only to a browser without a session cookie (src/server/http/spa.ts),
 * marked `<div id="root" data-session="signed-out">`: that visitor is signed out, and the app starts so, to
 * hydrate the same markup. The prerender step starts from either state.
 */
export function startSignedOut(signedOut = true): void {
  store.seed(
    signedOut
      ? { status: "signed-out", user: null, event: "INITIAL_SESSION" }
      : { status: "loading", user: null, event: null },
  );
}

/** docs/product.md "Signed out elsewhere": the notice of a session that ended on another device or by an administrator. */
export const SIGNED_OUT_HERE_NOTICE = {
  title: "Signed Out",
  description: "You were signed out on this device. Log in again to continue.",
} as const;

/**
 * The session this browser held has ended elsewhere (a password change or 'End session' on another device, a ban,
 * the account deleted): the app moves to signed-out at once and says so, once. Nothing happens when no one was
 * signed in here (a guest's refused request, or the sign-out this browser made itself).
 */
export function sessionEndedElsewhere(): void {
  if (store.get().user) {
    setSession(null, "SIGNED_OUT");
    notify({ ...SIGNED_OUT_HERE_NOTICE, variant: "destructive" });
  }
}

// Any request of ours answered 401 'You need to be logged in' while this browser thought it was signed in.
onSessionGone(sessionEndedElsewhere);

let inFlight: Promise<SessionUser | null> | null = null;

/** Asks the server who is signed in; `event` names why (docs/product.md). */
export function refreshSession(event?: SessionEvent): Promise<SessionUser | null> {
  // A check already running answers this call too; an event given now is applied to its result.
  if (inFlight && event)
    return inFlight.then((user) => {
      setSession(user, event);
      return user;
    });
  inFlight ??= (async () => {
    const before = store.get();
    try {
      const data = await apiCall("/api/auth/get-session", sessionAnswer);
      const user: SessionUser | null = data?.user
        ? {
            id: data.user.id,
            email: data.user.email,
            role: data.user.role === "admin" || data.user.role === "editor" ? data.user.role : "user",
          }
        : null;
      // A changed role (granted or revoked) counts as a change of user: the UI re-renders for it.
      const changed = before.user?.id !== user?.id || before.user?.role !== user?.role;
      const next: SessionEvent =
        event ??
        (before.status === "loading"
          ? "INITIAL_SESSION"
          : changed
            ? user
              ? "SIGNED_IN"
              : "SIGNED_OUT"
            : "TOKEN_REFRESHED");
      // The check found the session gone without this browser signing out: say so (docs/product.md).
      if (!event && !user && before.user) sessionEndedElsewhere();
      else if (changed || before.status === "loading" || event) setSession(user, next);
      return user;
    } catch (error) {
      // A failed check keeps what we knew (a blip must not sign the user out); the first one settles as signed out.
      if (before.status === "loading") setSession(null, "INITIAL_SESSION");
      if (!(error instanceof ApiError && error.status === 0) || before.status === "loading")
        notify({
          title: "Auth Error",
          description: error instanceof Error ? error.message : String(error),
          reference: referenceOf(error),
          variant: "destructive",
        });
      return before.user;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

let started = false;
/**
 * Starts the initial check, the 30 s tick and the focus re-check, once (the browser's entry, main.tsx, calls it).
 * The first check is sent in a task of its own, not inside the long task that evaluates the entry's modules
 * (docs/decisions/044-short-main-thread-tasks.md).
 */
export function startSessionWatch(): void {
  if (started) return;
  started = true;
  setTimeout(() => void refreshSession(), 0);
  window.setInterval(() => void refreshSession(), SESSION_REFRESH_MS);
  window.addEventListener("focus", () => void refreshSession());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void refreshSession();
  });
}
