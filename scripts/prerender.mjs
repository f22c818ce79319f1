/**
 * Build step (scripts/build.mjs): bundles src/web/prerender.tsx for Node with Vite, renders every route of the
 * route table that has no parameters (plus the 404 page) into the built index.html, and writes them under
 * `web/pages/` with `web/pages.json`, which the server reads (src/server/http/spa.ts). The pages are the guest's
 * view before the session check; the browser hydrates them.
 */
import { createHash } from "node:crypto";
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
    const shells = await bootAfterFirstPaint(webDir, readFileSync(path.join(webDir, "index.html"), "utf8"));
    if (!shells.withHold.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
    // A page with a control that is not a link gets the boot script that holds early input; one with links only
    // (they work before the app runs) the smaller one without it.
    const shell = (markup) =>
      /<(button|input|select|textarea|summary)[\s>]|tabindex="0"|role="button"/.test(markup)
        ? shells.withHold
        : shells.linksOnly;
    const { pages, notFound, dynamic } = prerenderPages();
    mkdirSync(path.join(webDir, "pages"));
    const written = {};
    const guestPages = {};
    for (const page of [...pages, notFound]) {
      const html = await renderPage(page.path);
      writeFileSync(
        path.join(webDir, "pages", page.file),
        shell(html).replace(ROOT_DIV, `<div id="root">${html}</div>`),
      );
      if (page === notFound) continue;
      written[page.path] = page.file;
      // The guest's variant, where it differs (pages that need an account show their login prompt).
      const guestHtml = await renderPage(page.path, { guest: true });
      if (guestHtml === html) continue;
      const guestFile = page.file.replace(/\.html$/, ".guest.html");
      writeFileSync(
        path.join(webDir, "pages", guestFile),
        shell(guestHtml).replace(ROOT_DIV, `<div id="root" data-session="signed-out">${guestHtml}</div>`),
      );
      guestPages[page.path] = guestFile;
    }
    const index = { pages: written, guestPages, notFound: notFound.file, dynamic };
    writeFileSync(path.join(webDir, "pages.json"), `${JSON.stringify(index, null, 2)}\n`);
    return index;
  } finally {
    if (!process.env.KEEP_SSR) rmSync(ssrDir, { recursive: true, force: true });
  }
}

/**
 * A prerendered page is complete HTML: it should paint from the HTML and the stylesheet alone, with the app's
 * JavaScript fetched only after that first paint (on a phone the script would otherwise share the slow network
 * with the page and hold its first paint back; docs/decisions/042). The entry <script> and its modulepreload links
 * make way for one small `assets/boot-<hash>.js` (src/web/boot.ts, given the entry's URL and preload list), which
 * imports the entry after the first contentful paint and, on a page with controls other than links, holds every
 * input made before the page is live, then plays it back (docs/decisions/051-every-tap-counts.md). Two variants:
 * with and without the holding part, each page getting the one its markup needs. An external file: the Content-Security-Policy allows scripts
 * from our origin only. The SPA shell (index.html, for pages rendered in the browser) keeps loading the entry at once.
 */
async function bootAfterFirstPaint(webDir, shell) {
  const entry = shell.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error("index.html has no entry <script type=module>");
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const { transform } = await import("esbuild");
  const source = readFileSync(path.join(root, "src/web/boot.ts"), "utf8");
  const page = async (hold) => {
    const { code } = await transform(source, {
      loader: "ts",
      format: "esm",
      target: "es2022",
      minify: true,
      treeShaking: true,
      legalComments: "none",
      define: {
        __APP_ENTRY__: JSON.stringify(entry[1]),
        __APP_PRELOADS__: JSON.stringify(preloads.map((m) => m[1])),
        __HOLD_INPUT__: String(hold),
      },
    });
    const file = `boot-${createHash("sha256").update(code).digest("base64url").slice(0, 8)}.js`;
    writeFileSync(path.join(webDir, "assets", file), code);
    let html = shell.replace(entry[0], `<script type="module" src="/assets/${file}"></script>\n    `);
    for (const m of preloads) html = html.replace(m[0], "");
    return html;
  };
  return { withHold: await page(true), linksOnly: await page(false) };
}
