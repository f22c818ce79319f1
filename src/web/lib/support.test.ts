import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { PUBLIC_SETTINGS_ELEMENT_ID } from "~/core/public-settings";

it("reads the settings block the server writes (its id written out to keep the first load small)", () => {
  const source = readFileSync(new URL("./support.ts", import.meta.url), "utf8");
  expect(source).toContain(`const SETTINGS_ELEMENT_ID = "${PUBLIC_SETTINGS_ELEMENT_ID}";`);
});
