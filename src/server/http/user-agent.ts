import Bowser from "bowser";

/**
 * "Chrome 131 on Linux" from a user agent, for the sessions list of /account and the security mails. bowser (MIT, maintained)
 * does the parsing; the version is cut to its major number, which is what a person recognises.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent?.trim()) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  // Neither a browser nor a system bowser knows (a script, a command-line client): its first product token.
  if (!name && !parsed.os.name) return userAgent.trim().split(/\s+/)[0]!.slice(0, 60);
  const major = parsed.browser.version?.split(".")[0];
  const browser = name ? [name, major].filter(Boolean).join(" ") : "Unknown browser";
  const os = [parsed.os.name, parsed.os.name === "macOS" ? undefined : parsed.os.versionName]
    .filter(Boolean)
    .join(" ");
  const kind = parsed.platform.type && parsed.platform.type !== "desktop" ? ` (${parsed.platform.type})` : "";
  return `${browser}${os ? ` on ${os}` : ""}${kind}`;
}
