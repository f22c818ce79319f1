import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../support/server-process";
import { findChromium } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

/**
 * Builds dist/ once if it is older than the sources (every test file then starts `node dist/server/main.js`)
 * and finds the browser. No browser: loud skip locally, a hard failure under CI=true.
 */
export default function setup(project: TestProject) {
  ensureBuild();
  const found = findChromium();
  if (!found) {
    const message =
      "E2E: no Chromium found (set CHROMIUM_PATH or `apt-get install chromium`). THE BROWSER SUITE IS SKIPPED.";
    if (process.env.CI === "true") throw new Error(`${message} Under CI=true this is a failure.`);
    console.warn(`\n${"!".repeat(message.length)}\n${message}\n${"!".repeat(message.length)}\n`);
  }
  project.provide("chromiumPath", found ?? "");
}
