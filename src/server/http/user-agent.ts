import Bowser from "bowser";

/** The browsers and systems bowser knows by name: a device is described with these words only, never the request's. */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

/**
 * "Chrome 131 on Linux" from a user agent, for the sessions list of /account and the security mails. bowser (MIT,
 * maintained) does the parsing; the version is cut to its major number, which is what a person recognises. Only
 * names bowser knows and digits are used: no text of the request (a URL sent as a user agent) reaches a mail or a
 * page (docs/product.md "Security mails").
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent?.trim()) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const name = KNOWN_BROWSERS.has(parsed.browser.name ?? "") ? parsed.browser.name : undefined;
  const system = KNOWN_SYSTEMS.has(parsed.os.name ?? "") ? parsed.os.name : undefined;
  if (!name && !system) return "Unknown device";
  const major = /^\d{1,5}/.exec(parsed.browser.version ?? "")?.[0];
  const browser = name ? [name, major].filter(Boolean).join(" ") : "Unknown browser";
  const versionName = /^[\w .]{1,20}$/.test(parsed.os.versionName ?? "") ? parsed.os.versionName : undefined;
  const os = [system, system === "macOS" ? undefined : versionName].filter(Boolean).join(" ");
  const type = parsed.platform.type;
  const kind = type === "mobile" || type === "tablet" || type === "tv" ? ` (${type})` : "";
  return `${browser}${os ? ` on ${os}` : ""}${kind}`;
}
