import { useLocation } from "react-router";
import { paths } from "~/web/config/paths";

/** `/auth?redirectTo=<path>`: a login that comes back to `path` (checked by `safeRedirectPath` on arrival). */
export function loginHrefFor(path: string): string {
  return `${paths.auth.getHref()}?redirectTo=${encodeURIComponent(path)}`;
}

/** A link to /auth that brings the user back to the current page after login. */
export function useLoginHref(): string {
  const { pathname, search, hash } = useLocation();
  return loginHrefFor(`${pathname}${search}${hash}`);
}
