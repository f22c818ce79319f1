/**
 * Every cookie the server sets (docs/product.md "Terms and Privacy"): the Privacy page lists these, and a test
 * compares them with the `Set-Cookie` headers of a whole journey. On an https installation the session cookies'
 * names start with `__Secure-`.
 */
export interface CookieInfo {
  name: string;
  purpose: string;
  lifetime: string;
}

export const COOKIES: readonly CookieInfo[] = [
  {
    name: "better-auth.session_token",
    purpose: "Keeps you signed in: the session's id and its signature. Set at sign-in, cleared at sign-out.",
    lifetime: "7 days, renewed while you use the app",
  },
  {
    name: "better-auth.dont_remember",
    purpose:
      "Set only when a sign-in asks not to be remembered (the API's rememberMe: false): the session then ends with the browser.",
    lifetime: "until the browser closes",
  },
  {
    name: "better-auth.session_data",
    purpose:
      "A copy of the session that this installation never stores in the browser; signing out clears it, should an older version have left one.",
    lifetime: "never kept (only cleared)",
  },
  {
    name: "ple_device",
    purpose:
      "A random id of this browser, no credential: it lets a browser that signed in before through the sign-in lock, tells you about sign-ins from new browsers, and helps spot several accounts of one person.",
    lifetime: "400 days",
  },
];

/** A cookie's name as listed: without the `__Secure-` prefix an https installation adds. */
export const listedCookieName = (name: string) => name.replace(/^__Secure-/, "");
