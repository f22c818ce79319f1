import type { OpenApiDocument } from "~/server/openapi/build-document";
import type { Parameter } from "~/server/openapi/schemas";
import type { ApiRequest } from "./factories";
import { formOf } from "./fuzz-forms";
import {
  BAD_JSON,
  hugeString,
  type JsonSchema,
  mutate,
  ODD_STRINGS,
  type Rng,
  randomUuid,
  sample,
} from "./fuzz-values";

/**
 * Requests for the API fuzzer (tests/db/fuzz.test.ts), derived from an operation of /api/openapi.json:
 * plausible ones, or damaged in one chosen way — body, JSON, content type, size, method, path, query, headers.
 */
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** The fields of a multipart/form-data body (uploads); file fields have `format: binary`. */
  form: JsonSchema | undefined;
}

export interface FuzzRequest {
  method: string;
  path: string;
  init: ApiRequest;
  what: string;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/json; charset=utf-16",
  "application/xml",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json, text/plain",
  "",
];
const RAW_SEGMENTS = [
  "%",
  "%zz",
  "%E0%A4%A",
  "..",
  ".",
  "a%2Fb",
  "%00",
  "%20",
  "x".repeat(5000),
  "12345",
  "-1",
  "null",
];
const JUNK_QUERIES = [
  "limit=abc",
  "limit=-1",
  "limit=0",
  "limit=1e3",
  "limit=99999999999999999999",
  "limit=1&limit=2",
  "limit[]=1",
  "before=0",
  "before=abc",
  "before=9007199254740993",
  "%zz=%zz",
  `${"a".repeat(10_000)}=1`,
  "=",
  "&&&",
  "limit=%00",
  "token=%00",
  "token=../../x",
  "token=a.b.c",
  "token=YQ.99999999999.x",
  "callbackURL=https://evil.example",
  "callbackURL=javascript:alert(1)",
  "callbackURL=%2F%2Fevil.example",
  "disableCookieCache=maybe",
  "error=<script>alert(1)</script>",
  "to=%F0%9F%98%80",
];
const JUNK_COOKIES = [
  "better-auth.session_token=garbage",
  "better-auth.session_token=00000000-0000-0000-0000-000000000000.c2lnbmF0dXJl",
  "better-auth.session_token=%",
  "better-auth.session_token=%E0%A4%A",
  `better-auth.session_token=${"x".repeat(8000)}`,
  "better-auth.session_data=eyJhIjoxfQ",
  // The device id (src/server/auth/device.ts): malformed, too long, or another account's kind of value.
  "ple_device=%",
  `ple_device=${"A".repeat(65)}`,
  "ple_device=../../etc",
  "ple_device=AAAAAAAAAAAAAAAAAAAAAAAA",
  "a=b; ".repeat(300),
  "=; ;;",
];

/** The operations of the OpenAPI document, with what the fuzzer needs of each. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters,
      body: op.requestBody?.content["application/json"]?.schema,
      form: op.requestBody?.content["multipart/form-data"]?.schema,
    })),
  );
}

/** encodeURIComponent, but a lone surrogate becomes the invalid UTF-8 it would be (%ED%A0%80) instead of throwing. */
const encode = (value: string) =>
  Array.from(value, (ch) => (/[\uD800-\uDFFF]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");

function pathOf(op: Operation, rng: Rng, known: readonly string[], junkParams: boolean): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = op.parameters.find((p) => p.in === "path" && p.name === name)?.schema ?? {
      type: "string",
    };
    if (!junkParams) return encode(String(sample(schema, rng, known)));
    if (rng.chance(0.4)) return rng.pick(RAW_SEGMENTS);
    return encode(rng.pick([...ODD_STRINGS, randomUuid(rng), hugeString(rng, 3000)]));
  });
  if (!junkParams || op.path.includes("{")) return path;
  return rng.pick([
    `${path}/junk`,
    `${path}/`,
    `${path}//x`,
    path.toUpperCase(),
    `${path}%00`,
    `${path}/..`,
    `${path};x`,
  ]);
}

function queryOf(op: Operation, rng: Rng, known: readonly string[], junk: boolean): string {
  const pairs: string[] = [];
  for (const p of op.parameters.filter((p) => p.in === "query")) {
    if (!p.required && rng.chance(0.5)) continue;
    const value = junk && rng.chance(0.5) ? rng.pick(ODD_STRINGS) : sample(p.schema, rng, known);
    pairs.push(`${encode(p.name)}=${encode(String(value))}`);
  }
  if (junk) pairs.push(rng.pick(JUNK_QUERIES));
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/**
 * A plausible body with one field (or the whole body) nested thousands of levels deep — arrays or objects,
 * still valid JSON and under the 64 KB body limit.
 */
export function deeplyNested(schema: JsonSchema, rng: Rng, known: readonly string[]): string {
  const levels = rng.pick([65, 100, 1000, 5000, 9000]);
  const deep = rng.chance(0.5)
    ? `${"[".repeat(levels)}1${"]".repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
  const sampled = sample(schema, rng, known);
  const value: Record<string, unknown> =
    typeof sampled === "object" && sampled !== null && !Array.isArray(sampled) ? { ...sampled } : {};
  const fields = Object.keys(value);
  if (!fields.length || rng.chance(0.2)) return deep;
  const field = rng.pick(fields);
  return JSON.stringify({ ...value, [field]: "__DEEP__" }).replace('"__DEEP__"', deep);
}

/** One request for `op`: plausible, or damaged in one chosen way. */
export function buildRequest(
  op: Operation,
  rng: Rng,
  { cookie, known }: { cookie: string | undefined; known: readonly string[] },
): FuzzRequest {
  const signedIn = cookie !== undefined;
  const hasBody = op.method !== "GET";
  const strategies = [
    "valid",
    "path",
    "query",
    "headers",
    "method",
    ...(hasBody ? ["body", "body", "body", "json", "type", "size", "deep"] : []),
  ];
  const what = rng.pick(strategies);
  const init: ApiRequest = { method: op.method, headers: {} };
  if (cookie) init.cookie = cookie;
  const schema = op.body ?? { type: "object", properties: {} };
  if (hasBody) init.json = sample(schema, rng, known);
  /** A request whose body is the thing damaged (or none is): path and query stay plausible. */
  const bodyOnly = (damage: string): FuzzRequest => ({
    method: op.method,
    path: pathOf(op, rng, known, false) + queryOf(op, rng, known, false),
    init,
    what: damage,
  });
  if (op.form && (what === "valid" || what === "body")) {
    const built = formOf(op.form, rng, known, what === "body");
    init.json = undefined;
    init.form = built.form;
    return bodyOnly(built.what);
  }

  switch (what) {
    case "body": {
      const damaged = mutate(init.json, schema, rng);
      init.json = damaged.value;
      return bodyOnly(damaged.what);
    }
    case "json":
      init.json = undefined;
      init.body = rng.pick(BAD_JSON);
      init.headers = { "content-type": "application/json" };
      break;
    case "type": {
      const type = rng.pick(CONTENT_TYPES);
      init.body = rng.chance(0.5)
        ? JSON.stringify(init.json)
        : "cell=1&version=0&email=a%40b.c&password=secret1";
      init.json = undefined;
      init.headers = type ? { "content-type": type } : {};
      break;
    }
    case "deep": {
      init.json = undefined;
      init.body = deeplyNested(schema, rng, known);
      init.headers = rng.chance(0.8)
        ? { "content-type": "application/json" }
        : { "content-type": "text/plain" };
      break;
    }
    case "size": {
      const size = rng.pick([65_537, 70_000, 200_000, 1_000_000]);
      const padded = {
        ...(typeof init.json === "object" && init.json !== null ? init.json : {}),
        pad: hugeString(rng, size),
      };
      init.json = undefined;
      init.body = JSON.stringify(padded);
      init.headers = {
        "content-type": "application/json",
        ...(rng.chance(0.5) ? { "content-length": String(new TextEncoder().encode(init.body).length) } : {}),
      };
      break;
    }
    case "method": {
      init.method = rng.pick(METHODS.filter((m) => m !== op.method));
      if (init.method === "GET" || init.method === "HEAD") init.json = undefined;
      else init.json ??= sample(schema, rng, known);
      break;
    }
    case "headers": {
      if (!signedIn || rng.chance(0.3)) init.cookie = rng.pick(JUNK_COOKIES);
      init.origin = rng.pick([null, "https://evil.example", "null", "http://localhost:3000.evil.example"]);
      init.headers = rng.pick<Record<string, string>>([
        { referer: "https://evil.example/" },
        { referer: "%%%" },
        { accept: "text/html" },
        { "x-forwarded-for": "1.2.3.4, ::1" },
        { "x-request-id": "\u00ff\u00fe".repeat(100) },
        {},
      ]);
      break;
    }
  }
  return {
    method: init.method ?? op.method,
    path: pathOf(op, rng, known, what === "path") + queryOf(op, rng, known, what === "query"),
    init,
    what,
  };
}
