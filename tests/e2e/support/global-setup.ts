import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

/** Finds the browser once. No browser: loud skip locally, a hard failure under CI=true. */
export default function setup(project: TestProject) {
  const found = findChromium();
  if (!found) {
    const message =
      "E2E: no Chromium found (set CHROMIUM_PATH or `apt-get install chromium`). THE BROWSER SUITE IS SKIPPED.";
    if (process.env.CI === "true") throw new Error(`${message} Under CI=true this is a failure.`);
    console.warn(`\n${"!".repeat(message.length)}\n${message}\n${"!".repeat(message.length)}\n`);
  }
  project.provide("chromiumPath", found ?? "");
}
