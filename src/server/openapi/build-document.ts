import type { RouterRoute } from "hono/types";
import { type ErrorCode, errorCatalog } from "~/core/error-codes";
import type { Auth } from "../auth/auth";
import { AUTH_BASE_PATH } from "../auth/auth";
import { authEndpoints } from "./auth-endpoints";
import { collectRoutes, type RouteEntry } from "./collect-routes";
import { type OperationNote, operationNotes } from "./operation-notes";
import {
  apiErrorBodySchema,
  type JsonSchema,
  jsonSchemaOf,
  type Parameter,
  parametersOf,
  requiresBody,
} from "./schemas";

export type SessionNeed = "none" | "optional" | "user" | "earner" | "admin";

export interface OpenApiResponse {
  description: string;
  content?: { "application/json": { schema: JsonSchema } };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  /** Who may call it: `user` needs a session, `earner` a session with a confirmed address, `admin` an administrator's. */
  "x-session": SessionNeed;
  parameters: Parameter[];
  /** JSON, or multipart/form-data for uploads (file fields are `format: binary`). */
  requestBody?: {
    required: boolean;
    content: { "application/json"?: { schema: JsonSchema }; "multipart/form-data"?: { schema: JsonSchema } };
  };
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: "apiKey"; in: "cookie"; name: string; description: string }>;
  };
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalog, code);
const ERROR_REF = { $ref: "#/components/schemas/ApiErrorBody" };
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && word !== "api")
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

const tagOf = (path: string) => {
  const segment = path.split("/")[2] ?? "api";
  return segment[0]!.toUpperCase() + segment.slice(1);
};

/** The errors an operation can answer, by status: `CODE — message` lines. */
function errorResponses(
  entry: RouteEntry,
  note: OperationNote | undefined,
  isAuth: boolean,
  need: SessionNeed,
) {
  const byStatus = new Map<string, Set<string>>();
  const add = (status: number | string, line: string) =>
    byStatus.set(String(status), (byStatus.get(String(status)) ?? new Set()).add(line));
  const addCode = (code: ErrorCode) =>
    add(errorCatalog[code].status, `${code} — ${errorCatalog[code].message}`);

  for (const doc of entry.docs) {
    if (doc.kind === "validator" && doc.target === "json") addCode("INVALID_JSON");
    if (doc.kind === "validator" && doc.target === "form") addCode("BAD_REQUEST");
    if (doc.kind === "validator" && doc.target !== "param") addCode("VALIDATION_FAILED");
    if (doc.kind === "validator" && doc.target === "param") addCode("NOT_FOUND");
    if (doc.kind === "session" && doc.guard === "user") addCode("UNAUTHORIZED");
    if (doc.kind === "session" && doc.guard === "admin") {
      addCode("UNAUTHORIZED");
      addCode("ADMIN_ONLY");
    }
    if (doc.kind === "fresh-session") addCode("REAUTH_REQUIRED");
    if (doc.kind === "session" && doc.guard === "earner") {
      addCode("LOGIN_REQUIRED");
      addCode("EMAIL_NOT_VERIFIED");
    }
  }
  if (entry.method !== "GET") {
    addCode("CROSS_ORIGIN");
    addCode("PAYLOAD_TOO_LARGE");
  }
  if (note?.rateLimited) addCode("RATE_LIMITED");
  for (const error of note?.errors ?? []) {
    if (isErrorCode(error)) addCode(error);
    else add(error.slice(0, error.indexOf(" ")), `${error.slice(error.indexOf(" ") + 1)} (better-auth)`);
  }
  if (isAuth && need === "user") add(401, "UNAUTHORIZED (better-auth) — without a session");
  if (isAuth) add("4XX", "better-auth's own code and message, in the same envelope");
  addCode("INTERNAL");

  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, lines] of [...byStatus].sort(([a], [b]) => a.localeCompare(b))) {
    responses[status] = {
      description: [...lines].join("; "),
      content: { "application/json": { schema: ERROR_REF } },
    };
  }
  return responses;
}

function sessionNeed(entry: RouteEntry, note: OperationNote | undefined): SessionNeed {
  const guard = entry.docs.find((d) => d.kind === "session");
  if (guard?.kind === "session") return guard.guard;
  return note?.session ?? (entry.authEndpoint?.needsSession ? "user" : "none");
}

function operationFor(entry: RouteEntry): OpenApiOperation {
  const note = operationNotes[`${entry.method} ${entry.path}`];
  const auth = entry.authEndpoint;
  const isAuth = entry.path.startsWith(`${AUTH_BASE_PATH}/`);
  const schemaFor = (target: "json" | "form" | "query" | "param") => {
    const doc = entry.docs.find((d) => d.kind === "validator" && d.target === target);
    return doc?.kind === "validator" ? doc.schema : undefined;
  };

  const paramSchema = schemaFor("param");
  const pathParams = paramSchema
    ? parametersOf(paramSchema, "path")
    : [...entry.path.matchAll(/\{(\w+)\}/g)].map(
        ([, name]): Parameter => ({ name: name!, in: "path", required: true, schema: { type: "string" } }),
      );
  const querySchema = schemaFor("query") ?? auth?.query;
  const formSchema = BODY_METHODS.has(entry.method) ? schemaFor("form") : undefined;
  const bodySchema = BODY_METHODS.has(entry.method)
    ? (schemaFor("json") ?? formSchema ?? note?.body ?? auth?.body)
    : undefined;
  const body = bodySchema ? jsonSchemaOf(bodySchema) : undefined;
  const mediaType = formSchema && bodySchema === formSchema ? "multipart/form-data" : "application/json";

  const need = sessionNeed(entry, note);
  const success = note?.success ?? { status: 200, description: auth?.description ?? "OK" };
  return {
    operationId: operationId(entry.method, entry.path),
    summary: note?.summary ?? auth?.description ?? `${entry.method} ${entry.path}`,
    ...(note?.description ? { description: note.description } : {}),
    tags: [note?.tag ?? (isAuth ? "Auth" : tagOf(entry.path))],
    security:
      need === "none" ? [] : need === "optional" ? [{}, { sessionCookie: [] }] : [{ sessionCookie: [] }],
    "x-session": need,
    parameters: [...pathParams, ...(querySchema ? parametersOf(querySchema, "query") : [])],
    ...(body
      ? { requestBody: { required: requiresBody(body), content: { [mediaType]: { schema: body } } } }
      : {}),
    responses: {
      [success.status]: { description: success.description },
      ...errorResponses(entry, note, isAuth, need),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the API: every route of `routes` (the API router, mounted at `basePath`)
 * with the zod schemas its validators run, plus better-auth's endpoints under /api/auth.
 */
export function buildOpenApiDocument(options: {
  routes: readonly RouterRoute[];
  basePath: string;
  auth: Auth;
  appUrl: string;
}): OpenApiDocument {
  const entries = collectRoutes(options.routes, options.basePath, {
    basePath: AUTH_BASE_PATH,
    endpoints: authEndpoints(options.auth),
  });
  entries.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const entry of entries) {
    const operation = operationFor(entry);
    paths[entry.path] = { ...paths[entry.path], [entry.method.toLowerCase()]: operation };
    for (const tag of operation.tags) tags.add(tag);
  }
  const secure = options.appUrl.startsWith("https:");
  return {
    openapi: "3.1.0",
    info: {
      title: "Play, Learn, Earn API",
      version: "0.1.0",
      description:
        "JSON over HTTP. Errors everywhere are `{ error: { code, message } }` (ApiErrorBody). Requests that carry the session cookie and change something must come from the app's origin (Origin header). A body over the size limit gets 413. Generated from the routes' own zod schemas.",
    },
    servers: [{ url: options.appUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiErrorBody: jsonSchemaOf(apiErrorBodySchema) },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: `${secure ? "__Secure-" : ""}better-auth.session_token`,
          description: "The HttpOnly session cookie set by POST /api/auth/sign-in/email.",
        },
      },
    },
  };
}
