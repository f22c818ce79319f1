import {
  DEFAULT_PUBLIC_SETTINGS,
  PUBLIC_SETTINGS_ELEMENT_ID,
  type PublicSettings,
  parsePublicSettings,
} from "~/core/public-settings";

let read: PublicSettings | undefined;

/**
 * The server's settings (the JSON block it puts in every page; src/server/http/public-settings.ts), or the
 * defaults while prerendering — whose text the server replaces in the HTML before sending it.
 */
export function publicSettings(): PublicSettings {
  if (typeof document === "undefined") return DEFAULT_PUBLIC_SETTINGS;
  read ??= parsePublicSettings(document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.textContent);
  return read;
}
