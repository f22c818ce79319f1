import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_MALLOC_TUNABLE, SERVER_NODE_FLAGS, withServerEnv, withServerFlags } from "./node-flags";

describe("the server's V8 flags", () => {
  it("are on npm start's command line", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toContain(
      `GLIBC_TUNABLES=${SERVER_MALLOC_TUNABLE} node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js`,
    );
  });

  it("are added to a worker's execArgv unless it sets them itself", () => {
    expect(withServerFlags(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...SERVER_NODE_FLAGS]);
    expect(withServerFlags(["--max-semi-space-size=16"])).toEqual([
      "--max-semi-space-size=16",
      ...SERVER_NODE_FLAGS.filter((flag) => !flag.startsWith("--max-semi-space-size")),
    ]);
    expect(withServerFlags(SERVER_NODE_FLAGS)).toEqual(SERVER_NODE_FLAGS);
  });

  it("add the malloc tunable to an environment's own tunables unless it sets the threshold itself", () => {
    expect(withServerEnv({ PORT: "1" })).toEqual({ PORT: "1", GLIBC_TUNABLES: SERVER_MALLOC_TUNABLE });
    expect(withServerEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe(
      `glibc.malloc.arena_max=2:${SERVER_MALLOC_TUNABLE}`,
    );
    const own = { GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=65536" };
    expect(withServerEnv(own)).toEqual(own);
  });
});
