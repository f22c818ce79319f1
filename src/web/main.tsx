import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders } from "~/web/app/providers";
import { AppRouter } from "~/web/app/router";
import { reloadOnFailedPreload } from "~/web/lib/reload-once";
import { startSessionWatch, startSignedOut } from "~/web/lib/session";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html.");

// A chunk of an older build that is gone after a deploy: load the new build once.
reloadOnFailedPreload();

// The guest's variant of a prerendered page (no session cookie): the app starts signed out, as it was rendered.
if (root.dataset.session === "signed-out") startSignedOut();

// The initial session check, then a re-check every 30 s and on window focus (docs/product.md).
startSessionWatch();

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A prerendered page (scripts/prerender.mjs) is hydrated in the next task (evaluating the entry's modules is a
// task of its own), as a transition: React then hydrates in slices that yield to the browser, not in one long
// task (docs/decisions/044-short-main-thread-tasks.md). The header becomes live while the page's chunk loads,
// and the page's Suspense boundary keeps its prerendered HTML until then. Other URLs get the empty shell and
// render from scratch.
if (root.hasChildNodes()) setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0);
else createRoot(root).render(app);
