import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "~/web/app/providers";
import { AppRouter } from "~/web/app/router";
import { reloadOnFailedPreload } from "~/web/lib/reload-once";
import { startSessionWatch } from "~/web/lib/session";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html.");

// A chunk of an older build that is gone after a deploy: load the new build once.
reloadOnFailedPreload();

// SPEC §4: the initial session check, then a re-check every 30 s and on window focus.
startSessionWatch();

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
