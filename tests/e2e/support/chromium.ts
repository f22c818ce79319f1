import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The system Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium); never a downloaded browser. */
export function findChromium(env: Record<string, string | undefined> = process.env): string | null {
  const candidates = [env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    (p): p is string => Boolean(p),
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const phone: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
};
