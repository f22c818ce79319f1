import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type Manifest, measureRoutes } from "./bundle-size";

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bundle-size-test-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const files = {
  "assets/main.js": "main ".repeat(50),
  "assets/react.js": "react ".repeat(80),
  "assets/home.js": "home ".repeat(30),
  "assets/icons.js": "icons ".repeat(20),
  "assets/toaster.js": "toaster ".repeat(90),
  "assets/games.js": "games ".repeat(40),
  "assets/main.css": "body{}".repeat(10),
  "assets/games.css": ".g{}".repeat(10),
};

const manifest: Manifest = {
  "main.tsx": {
    file: "assets/main.js",
    isEntry: true,
    imports: ["_react.js"],
    dynamicImports: ["routes/home.tsx", "toaster.tsx", "routes/games.tsx"],
    css: ["assets/main.css"],
  },
  "_react.js": { file: "assets/react.js" },
  "_icons.js": { file: "assets/icons.js", imports: ["_react.js"] },
  "routes/home.tsx": { file: "assets/home.js", isDynamicEntry: true, imports: ["_react.js", "_icons.js"] },
  "routes/games.tsx": {
    file: "assets/games.js",
    isDynamicEntry: true,
    imports: ["_icons.js"],
    css: ["assets/games.css"],
  },
  "toaster.tsx": { file: "assets/toaster.js", isDynamicEntry: true, imports: ["_react.js"] },
};

const gz = (...names: (keyof typeof files)[]) =>
  names.reduce((total, name) => total + gzipSync(Buffer.from(files[name])).length, 0);

describe("measureRoutes", () => {
  it("counts the entry, the route chunk and their static imports once, but not lazy-only chunks", () => {
    const dir = fixture(files);
    const [home, games] = measureRoutes(dir, {
      manifest,
      routes: { "/": ["routes/home.tsx"], "/games": ["routes/games.tsx"] },
    });

    expect(home?.jsFiles.sort()).toEqual([
      "assets/home.js",
      "assets/icons.js",
      "assets/main.js",
      "assets/react.js",
    ]);
    expect(home?.jsGzipBytes).toBe(
      gz("assets/main.js", "assets/react.js", "assets/home.js", "assets/icons.js"),
    );
    expect(home?.cssFiles).toEqual(["assets/main.css"]);
    expect(games?.cssFiles.sort()).toEqual(["assets/games.css", "assets/main.css"]);
    expect(games?.jsFiles).not.toContain("assets/toaster.js");
  });

  it("refuses a page chunk that no route claims", () => {
    const dir = fixture(files);
    expect(() => measureRoutes(dir, { manifest, routes: { "/": ["routes/home.tsx"] } })).toThrow(
      /routes\/games\.tsx/,
    );
  });
});
