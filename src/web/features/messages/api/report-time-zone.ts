import { useEffect } from "react";
import { api, call } from "~/web/lib/api";

const STORAGE_KEY = "ple-time-zone-reported";

/**
 * The player's evening and quiet hours are in the time zone this browser reports (docs/product.md, "Messages"):
 * sent to the server once per browser, user and zone (remembered in localStorage), so a move or a new device
 * updates it. Syncing with the server is what an effect is for.
 */
export function useReportTimeZone(owner: string) {
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const mark = `${owner}\n${timeZone}`;
    if (!timeZone || localStorage.getItem(STORAGE_KEY) === mark) return;
    void call(() => api.messages.settings.$put({ json: { timeZone } }))
      .then(() => localStorage.setItem(STORAGE_KEY, mark))
      .catch(() => undefined);
  }, [owner]);
}
