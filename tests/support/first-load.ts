import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "playwright-core";

/** The "/" first-load JS budget: 90 KB gzip (decimal kB, the stricter reading). */
export const HOME_JS_BUDGET_BYTES = 90_000;

export interface LoadedFile {
  path: string;
  kind: "js" | "css";
  /** The body gzipped at level 6, whatever encoding the server actually sent. */
  gzipBytes: number;
}

export interface FirstLoad {
  route: string;
  files: LoadedFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/**
 * What a guest's first visit to `route` really makes the browser fetch: every JS and CSS response from the
 * navigation until the network is idle and no response has come for a second, in a fresh context (empty cache),
 * each body counted as gzip level 6.
 */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  route: string,
  options: BrowserContextOptions = {},
): Promise<FirstLoad> {
  const context = await browser.newContext({ ...options, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const pending: Promise<LoadedFile | null>[] = [];
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      const kind = path.endsWith(".js") ? "js" : path.endsWith(".css") ? "css" : null;
      if (!kind || response.status() !== 200) return;
      pending.push(
        response.body().then(
          (body) => ({ path, kind, gzipBytes: gzipSync(body).length }),
          () => null,
        ),
      );
    });
    await page.goto(route, { waitUntil: "networkidle" });
    // On a busy machine the browser may still be running the entry when the network first looks idle: wait
    // until no new response has come in for a second and the network is idle again.
    for (let seen = -1; seen !== pending.length; ) {
      seen = pending.length;
      await page.waitForTimeout(1000);
      await page.waitForLoadState("networkidle");
    }
    const files = (await Promise.all(pending)).filter((f): f is LoadedFile => f !== null);
    const sum = (kind: LoadedFile["kind"]) =>
      files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzipBytes, 0);
    return { route, files, jsGzipBytes: sum("js"), cssGzipBytes: sum("css") };
  } finally {
    await context.close();
  }
}
