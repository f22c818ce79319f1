import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * The parts of docs/benchmarks.md that one benchmark writes on its own (`npm run bench:faults`,
 * `bench:interaction`, `bench:ledger -- --write`) between marks; `npm run bench` rewrites the file and keeps the
 * parts it does not write itself.
 */
const marks = (name: string) => ({
  start: `<!-- bench:${name} start -->`,
  end: `<!-- bench:${name} end -->`,
});

/** `body` between the marks of the part `name`. */
export function marked(name: string, body: string): string {
  const { start, end } = marks(name);
  return `${start}\n${body.trim()}\n${end}`;
}

/** The part `name` of `file`, marks included, or "" when it has none. */
export function sectionOf(file: string, name: string): string {
  if (!existsSync(file)) return "";
  const doc = readFileSync(file, "utf8");
  const { start, end } = marks(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  return from >= 0 && to > from ? doc.slice(from, to + end.length) : "";
}

/** Puts `section` (from `marked(name, …)`) into `file` in place of the old part `name`, or at the end. */
export function writeSection(file: string, name: string, section: string): void {
  const doc = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const old = sectionOf(file, name);
  writeFileSync(file, old ? doc.replace(old, () => section) : `${doc.trimEnd()}\n\n${section}\n`);
}
