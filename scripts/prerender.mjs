/**
 * Build step (scripts/build.mjs): bundles src/web/prerender.tsx for Node with Vite, renders every route of the
 * route table that has no parameters (plus the 404 page) into the built index.html, and writes them under
 * `web/pages/` with `web/pages.json`, which the server reads (src/server/http/spa.ts). The pages are the guest's
 * view before the session check; the browser hydrates them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const ROOT_DIV = '<div id="root"></div>';

export async function prerender(webDir) {
  const { build } = await import("vite");
  // Inside the checkout, so the bundle's imports of react, react-router… resolve from node_modules.
  const cache = path.join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const ssrDir = mkdtempSync(path.join(cache, "prerender-"));
  try {
    await build({
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "warn",
      build: {
        ssr: path.join(root, "src/web/prerender.tsx"),
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
      },
    });
    const { prerenderPages, renderPage } = await import(
      pathToFileURL(path.join(ssrDir, "prerender.mjs")).href
    );
    const shell = readFileSync(path.join(webDir, "index.html"), "utf8");
    if (!shell.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
    const { pages, notFound, dynamic } = prerenderPages();
    mkdirSync(path.join(webDir, "pages"));
    const written = {};
    for (const page of [...pages, notFound]) {
      const html = await renderPage(page.path);
      writeFileSync(
        path.join(webDir, "pages", page.file),
        shell.replace(ROOT_DIV, `<div id="root">${html}</div>`),
      );
      if (page !== notFound) written[page.path] = page.file;
    }
    const index = { pages: written, notFound: notFound.file, dynamic };
    writeFileSync(path.join(webDir, "pages.json"), `${JSON.stringify(index, null, 2)}\n`);
    return index;
  } finally {
    if (!process.env.KEEP_SSR) rmSync(ssrDir, { recursive: true, force: true });
  }
}
