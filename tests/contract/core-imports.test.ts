import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shape of src/core (README, "Architecture"): pure modules shared by server and browser, one contract per
 * domain in src/core/api/<domain>.ts, and no import circle — every import, type-only ones included, runs one
 * way. A small walk over the import statements (no dependency needed), checked against a planted circle.
 */
const root = path.resolve(import.meta.dirname, "../..");
const coreDir = path.join(root, "src/core");

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

/** Every specifier a module imports or re-exports from. */
function specifiers(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? "");
}

function resolve(from: string, spec: string, files: Set<string>): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(root, "src", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (files.has(candidate)) return candidate;
  return base;
}

/** The first import circle found in `graph`, as a list of files ending where it began, or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys())
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  return null;
}

function coreGraph() {
  const files = new Set(sources(coreDir));
  const graph = new Map<string, string[]>();
  const outside: string[] = [];
  for (const file of files) {
    const targets: string[] = [];
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      const target = resolve(file, spec, files);
      if (target === null) continue;
      if (!target.startsWith(coreDir)) outside.push(`${path.relative(root, file)} → ${spec}`);
      else targets.push(target);
    }
    graph.set(file, targets);
  }
  return { graph, outside };
}

describe("src/core's imports", () => {
  it("form no circle, and leave src/core only for packages", () => {
    const { graph, outside } = coreGraph();
    expect(graph.size).toBeGreaterThan(20);
    const circle = findCircle(graph);
    expect(circle?.map((f) => path.relative(root, f)) ?? null).toBeNull();
    expect(outside).toEqual([]);
  });

  it("the walk finds a circle when one is planted (type-only imports count)", () => {
    const { graph } = coreGraph();
    const games = path.join(coreDir, "api/games.ts");
    const earned = path.join(coreDir, "api/earned.ts");
    expect(graph.get(games)).toContain(earned);
    expect(specifiers('import type { GameView } from "./games";\nexport { x } from "../coins";')).toEqual([
      "./games",
      "../coins",
    ]);
    graph.set(earned, [...(graph.get(earned) ?? []), games]);
    expect(findCircle(graph)?.map((f) => path.relative(coreDir, f))).toEqual(
      expect.arrayContaining(["api/games.ts", "api/earned.ts"]),
    );
  });
});
