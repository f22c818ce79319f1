import { useSyncExternalStore } from "react";

/** PUBLIC_SETTINGS_ELEMENT_ID of src/core/public-settings.ts, written out: that module stays off the first load. */
const SETTINGS_ELEMENT_ID = "public-settings";

/**
 * SUPPORT_EMAIL as the server states it in every page's settings block (src/server/http/public-settings.ts), or
 * "" when none is configured: then no address is shown anywhere (docs/product.md "Help and contact").
 */
export function supportEmail(): string {
  try {
    const value = JSON.parse(document.getElementById(SETTINGS_ELEMENT_ID)?.textContent || "{}").supportEmail;
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

const noChange = () => () => {};

/**
 * The support address for a component: "" while prerendering and hydrating (the build knows no address), then the
 * server's, so the prerendered markup and the first client render agree.
 */
export const useSupportEmail = (): string => useSyncExternalStore(noChange, supportEmail, () => "");
