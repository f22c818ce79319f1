import {
  DEFAULT_PUBLIC_SETTINGS,
  PUBLIC_SETTINGS_ELEMENT_ID,
  type PublicSettingName,
  type PublicSettings,
  parsePublicSettings,
  settingText,
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

/** A setting as it reads in a sentence; the server fills the prerendered text by its `data-setting` name. */
export function Setting({ name }: { name: PublicSettingName }) {
  return <span data-setting={name}>{settingText(publicSettings(), name)}</span>;
}
