import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** The part of docs/benchmarks.md that `npm run bench:faults` owns; `npm run bench` keeps it when it rewrites the rest. */
export const FAULTS_START = "<!-- bench:faults start -->";
export const FAULTS_END = "<!-- bench:faults end -->";

export function faultsSectionOf(file: string): string {
  if (!existsSync(file)) return "";
  const doc = readFileSync(file, "utf8");
  const start = doc.indexOf(FAULTS_START);
  const end = doc.indexOf(FAULTS_END);
  return start >= 0 && end > start ? doc.slice(start, end + FAULTS_END.length) : "";
}

export function writeFaultsSection(file: string, body: string): void {
  const section = `${FAULTS_START}\n${body.trim()}\n${FAULTS_END}`;
  const doc = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const old = faultsSectionOf(file);
  const next = old ? doc.replace(old, section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
