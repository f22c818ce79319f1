/**
 * A strict parser of Prometheus's text exposition format (version 0.0.4), for tests that read GET /metrics. It
 * throws on anything a Prometheus server would refuse or misread: a malformed line, a sample before its family's
 * TYPE, a name outside its family, a repeated series, a label escape the format does not have, a histogram whose
 * buckets are not cumulative or whose +Inf bucket differs from its count. (The npm parsers looked at lose the labels
 * of histogram series, and none refuses malformed input.)
 */
export type MetricType = "counter" | "gauge" | "histogram" | "summary" | "untyped";

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<string>(["counter", "gauge", "histogram", "summary", "untyped"]);

/** A float as Prometheus reads it (Go's ParseFloat: "NaN", "+Inf", "-Inf" in any case; prom-client writes "Nan"). */
function parseValue(text: string, line: number): number {
  const word = text.toLowerCase();
  if (word === "+inf" || word === "inf") return Number.POSITIVE_INFINITY;
  if (word === "-inf") return Number.NEGATIVE_INFINITY;
  if (word === "nan") return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`line ${line}: bad value "${text}"`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `from` (the `{`): the labels and the index after `}`. */
function parseLabels(s: string, from: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = from + 1;
  const fail = (why: string): never => {
    throw new Error(`line ${line}: ${why} in "${s}"`);
  };
  while (s[i] !== "}") {
    const eq = s.indexOf("=", i);
    if (eq < 0) fail("label without =");
    const name = s.slice(i, eq);
    if (!LABEL.test(name)) fail(`bad label name "${name}"`);
    if (name in labels) fail(`label "${name}" twice`);
    if (s[eq + 1] !== '"') fail("label value not quoted");
    let value = "";
    let j = eq + 2;
    for (;;) {
      const ch = s[j];
      if (ch === undefined) fail("unterminated label value");
      if (ch === '"') break;
      if (ch === "\\") {
        const next = s[j + 1];
        if (next === "\\" || next === '"') value += next;
        else if (next === "n") value += "\n";
        else fail("bad escape in a label value");
        j += 2;
        continue;
      }
      value += ch;
      j++;
    }
    labels[name] = value;
    i = j + 1;
    if (s[i] === ",") i++;
    else if (s[i] !== "}") fail("labels not separated by ,");
  }
  return { labels, end: i + 1 };
}

/** The family a sample name belongs to, given the families declared so far. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const direct = families.get(name);
  if (direct) return direct;
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  const base = m?.[1] ? families.get(m[1]) : undefined;
  if (base && (base.type === "histogram" || (base.type === "summary" && m?.[2] !== "bucket"))) return base;
  return undefined;
}

function checkHistograms(families: Map<string, Family>): void {
  for (const f of families.values()) {
    if (f.type !== "histogram") continue;
    const series = new Map<string, { buckets: [number, number][]; count?: number }>();
    for (const s of f.samples) {
      const { le, ...rest } = s.labels;
      const key = JSON.stringify(Object.entries(rest).sort());
      const entry = series.get(key) ?? { buckets: [] };
      series.set(key, entry);
      if (s.name.endsWith("_bucket")) {
        if (le === undefined) throw new Error(`${s.name}: a bucket without le`);
        entry.buckets.push([parseValue(le, 0), s.value]);
      } else if (s.name.endsWith("_count")) entry.count = s.value;
    }
    for (const [key, { buckets, count }] of series) {
      const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
      sorted.forEach(([, v], i) => {
        if (i > 0 && v < (sorted[i - 1]?.[1] ?? 0))
          throw new Error(`${f.name} ${key}: buckets not cumulative`);
      });
      const inf = sorted.at(-1);
      if (!inf || inf[0] !== Number.POSITIVE_INFINITY || inf[1] !== count)
        throw new Error(`${f.name} ${key}: the +Inf bucket must equal the count`);
    }
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(raw);
    if (meta) {
      const [, kind, name = "", rest = ""] = meta;
      if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`);
      const family = families.get(name) ?? { name, type: "untyped", help: "", samples: [] };
      families.set(name, family);
      if (kind === "HELP") family.help = rest;
      else if (!TYPES.has(rest)) throw new Error(`line ${line}: bad type "${rest}"`);
      else if (family.samples.length > 0) throw new Error(`line ${line}: TYPE of ${name} after its samples`);
      else family.type = rest as MetricType;
      return;
    }
    if (raw.startsWith("#")) return;
    const nameEnd = raw.search(/[{ ]/);
    const name = nameEnd < 0 ? raw : raw.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`line ${line}: bad sample name "${name}"`);
    const { labels, end } =
      raw[nameEnd] === "{" ? parseLabels(raw, nameEnd, line) : { labels: {}, end: nameEnd };
    const parts = raw.slice(end).trim().split(/ +/);
    if (raw[end] !== " " || parts.length < 1 || parts.length > 2)
      throw new Error(`line ${line}: expected "name{labels} value [timestamp]": "${raw}"`);
    const value = parseValue(parts[0] ?? "", line);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`line ${line}: bad timestamp`);
    const family = familyOf(name, families);
    if (!family) throw new Error(`line ${line}: sample ${name} has no TYPE before it`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) throw new Error(`line ${line}: series ${series} twice`);
    seen.add(series);
    family.samples.push({ name, labels, value });
  });
  checkHistograms(families);
  return families;
}

/** The value of the one sample `name` with exactly `labels` (0 when the family has no such series). */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = familyOf(name, families);
  if (!family) throw new Error(`no metric ${name}`);
  const want = JSON.stringify(Object.entries(labels).sort());
  const found = family.samples.find(
    (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === want,
  );
  return found?.value ?? 0;
}
