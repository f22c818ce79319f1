import { useSyncExternalStore } from "react";
import { PUBLIC_SETTINGS_ELEMENT_ID } from "~/core/public-settings";

/**
 * SUPPORT_EMAIL as the server states it in every page's settings block (src/server/http/public-settings.ts), or
 * "" when none is configured: then no address is shown anywhere (docs/product.md "Help and contact"). Read
 * without the settings' full parser: the footer that shows it is on every first load.
 */
let read: string | undefined;
export function supportEmail(): string {
  if (typeof document === "undefined") return "";
  if (read === undefined) {
    let value: unknown = null;
    try {
      value = JSON.parse(document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.textContent ?? "null");
    } catch {
      value = null;
    }
    const given =
      typeof value === "object" && value !== null && "supportEmail" in value ? value.supportEmail : "";
    read = typeof given === "string" ? given : "";
  }
  return read;
}

const noChange = () => () => {};

/**
 * The support address for a component: "" while prerendering and hydrating (the build knows no address), then the
 * server's, so the prerendered markup and the first client render agree.
 */
export function useSupportEmail(): string {
  return useSyncExternalStore(noChange, supportEmail, () => "");
}
