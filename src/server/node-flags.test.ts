import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, withServerFlags } from "./node-flags";

describe("the server's V8 flags", () => {
  it("are on npm start's command line", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const flag of SERVER_NODE_FLAGS) expect(pkg.scripts.start).toContain(`node ${flag}`);
  });

  it("are added to a worker's execArgv unless it sets them itself", () => {
    expect(withServerFlags(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...SERVER_NODE_FLAGS]);
    expect(withServerFlags(["--max-semi-space-size=16"])).toEqual(["--max-semi-space-size=16"]);
  });
});
