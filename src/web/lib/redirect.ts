/**
 * Where /auth sends the user back after login (`?redirectTo=`). Only a path on this site is accepted:
 * it must start with one "/" (not "//" or "/\", which browsers treat as another host), hold no control
 * characters, and not lead back to /auth itself. Anything else → null (the caller falls back to "/").
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = "http://same.site";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname === "/auth") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
