import { useEffect } from "react";
import { APP_NAME } from "~/web/config/app";

/** Sets `document.title` for the current page: "Games | Play, Learn, Earn", or the app name alone. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
