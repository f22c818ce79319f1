import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders } from "~/web/app/providers";
import { AppRouter, preloadRoute } from "~/web/app/router";
import { startSessionWatch } from "~/web/lib/session";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html.");

// The initial session check, then a re-check every 30 s and on window focus (docs/product.md).
startSessionWatch();

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A prerendered page (scripts/prerender.mjs) is hydrated once its page chunks are here, so the first render
// matches the HTML without suspending; other URLs get the empty shell and render from scratch.
if (root.hasChildNodes()) void preloadRoute(window.location.pathname).then(() => hydrateRoot(root, app));
else createRoot(root).render(app);
