import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeEditor } from "#tests/support/admin";
import type { TestUser } from "#tests/support/factories";
import { buildRequest, type FuzzRequest, type Operation, operationsOf } from "#tests/support/fuzz-requests";
import { createRng } from "#tests/support/fuzz-values";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import type { OpenApiDocument } from "~/server/openapi/build-document";

/**
 * API fuzzing: ≥ 5 000 random and malformed requests derived from /api/openapi.json, spread evenly over
 * every operation, as a guest, as a signed-in user, as a content editor and as an administrator. No answer may be ≥ 500, and every 4xx must be our
 * JSON envelope with a code and a readable message. Reproduce a run with FUZZ_SEED=<the printed seed>.
 */
const TOTAL = 5_200;
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2_147_483_647;

/** Answers that end a session (or the account): the fuzzer signs in again after them. */
const SESSION_ENDERS =
  /\/api\/(account\/(sessions|delete)|auth\/(sign-out|revoke-|change-password|reset-password|delete-user|change-email|update-user)|admin\/users\/.*\/(ban|revoke-sessions|role))/;

let ctx: TestContext;
let operations: Operation[];
let user: TestUser;
let admin: TestUser;
let editor: TestUser;
const ADMIN_EMAIL = "fuzz-admin@example.test";
beforeAll(async () => {
  // Dual control across accounts at its production defaults, so its paths are fuzzed too.
  ctx = await createTestContext({
    // Uploaded videos go to a folder of this run (DATA_DIR/videos), not the working tree.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ple-uploads-")),
    ADMIN_EMAILS: ADMIN_EMAIL,
    DUAL_CONTROL_DAILY_DOLLARS: "50",
    DUAL_CONTROL_CREDIT_WINDOW_DAYS: "30",
  });
  const doc: OpenApiDocument = await (await ctx.request("/api/openapi.json")).json();
  operations = operationsOf(doc);
  user = await ctx.createVerifiedUser();
  admin = await ctx.createVerifiedUser({ email: ADMIN_EMAIL });
  editor = await ctx.createVerifiedUser();
  await makeEditor(ctx.db, editor.id);
});
afterAll(async () => {
  await ctx.close();
});

/** Strings seen in earlier answers (game, session, question and user ids), fed back into requests. */
const known: string[] = [];
function harvest(text: string) {
  for (const m of text.matchAll(/"(?:id|sessionId|gameId|questionId|token)":"([^"]{1,64})"/g)) {
    if (!known.includes(m[1]!)) known.push(m[1]!);
  }
  if (known.length > 300) known.splice(0, known.length - 300);
}

/** Problems with one answer: a 5xx, or an error that is not our JSON envelope with a readable message. */
async function problemsWith(req: FuzzRequest, res: Response): Promise<string | null> {
  if (res.status >= 500) return `answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
  if (req.method === "HEAD") return null;
  const text = await res.text();
  if (res.status >= 200 && res.status < 300 && /json/.test(res.headers.get("content-type") ?? ""))
    harvest(text);
  if (res.status < 400) return null;
  if (!/application\/json/.test(res.headers.get("content-type") ?? ""))
    return `${res.status} is not JSON: ${text.slice(0, 120)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${res.status} has a body that does not parse: ${text.slice(0, 120)}`;
  }
  const error = typeof body === "object" && body !== null && "error" in body ? body.error : undefined;
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  const message =
    typeof error === "object" && error !== null && "message" in error ? error.message : undefined;
  if (typeof code !== "string" || !/^[A-Z][A-Z0-9_]*$/.test(code))
    return `${res.status} without a code: ${text.slice(0, 200)}`;
  if (
    typeof message !== "string" ||
    !/[A-Za-z]{2}/.test(message) ||
    message.length > 1000 ||
    /\n\s+at /.test(message)
  ) {
    return `${res.status} ${code} without a readable message: ${text.slice(0, 300)}`;
  }
  return null;
}

/** Signs the administrator in again when a request (revoking its own sessions) ended its session. */
async function keepAdminSignedIn() {
  const res = await ctx.request("/api/me", { cookie: admin.cookie });
  await res.body?.cancel();
  if (res.status === 200) return;
  // Another administrator (a fuzzed role grant) may have banned or demoted it: restore it, then sign in.
  await ctx.db
    .updateTable("user")
    .set({ banned: false, banReason: null, banExpires: null, role: "admin" })
    .where("id", "=", admin.id)
    .execute();
  admin = { ...admin, cookie: await ctx.signIn(admin.email, admin.password) };
}

/** Signs the content editor in again (or makes a new one) when a request ended its session. */
async function keepEditorSignedIn() {
  const res = await ctx.request("/api/me", { cookie: editor.cookie });
  await res.body?.cancel();
  if (res.status === 200) return;
  try {
    editor = { ...editor, cookie: await ctx.signIn(editor.email, editor.password) };
  } catch {
    editor = await ctx.createVerifiedUser();
  }
  await makeEditor(ctx.db, editor.id);
}

/** Signs the fuzzing user in again (or makes a new one) when a request ended its session. */
async function keepSignedIn() {
  const res = await ctx.request("/api/me", { cookie: user.cookie });
  await res.body?.cancel();
  if (res.status === 200) return;
  try {
    user = { ...user, cookie: await ctx.signIn(user.email, user.password) };
  } catch {
    user = await ctx.createVerifiedUser();
  }
}

it(`answers ${TOTAL} random and malformed requests without a 5xx`, { timeout: 240_000 }, async () => {
  console.log(`fuzz (${ctx.kind}): seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`);
  const rng = createRng(SEED);
  const failures: string[] = [];
  const perOperation = new Map<string, number>();
  const statuses = new Map<number, number>();
  let sent = 0;
  for (let i = 0; i < TOTAL; i++) {
    const op = operations[i % operations.length]!;
    const signedIn = rng.chance(0.5);
    const asAdmin = signedIn && rng.chance(0.4);
    const asEditor = signedIn && !asAdmin && rng.chance(0.3);
    const cookie = asAdmin ? admin.cookie : asEditor ? editor.cookie : signedIn ? user.cookie : undefined;
    const req = buildRequest(op, rng, { cookie, known });
    const res = await ctx.request(req.path, req.init);
    sent++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    perOperation.set(`${op.method} ${op.path}`, (perOperation.get(`${op.method} ${op.path}`) ?? 0) + 1);
    const problem = await problemsWith(req, res);
    if (problem) {
      const sentBody = req.init.form
        ? `multipart ${[...req.init.form.keys()].join(",")}`
        : (req.init.body ?? JSON.stringify(req.init.json) ?? "");
      failures.push(
        `#${i} ${req.what} ${asAdmin ? "admin" : asEditor ? "editor" : signedIn ? "user" : "guest"} ${req.method} ${req.path.slice(0, 160)} body=${sentBody.slice(0, 160)} → ${problem}`,
      );
    }
    if (signedIn && res.status < 400 && SESSION_ENDERS.test(req.path)) {
      await keepSignedIn();
      await keepAdminSignedIn();
      await keepEditorSignedIn();
    }
  }
  const over500 = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  console.log(
    `fuzz (${ctx.kind}): ${sent} requests over ${perOperation.size} operations, ${over500} ≥ 500, seed ${SEED}; statuses ${[
      ...statuses,
    ]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}×${c}`)
      .join(" ")}`,
  );
  expect(failures.slice(0, 15), `seed ${SEED}: ${failures.length} failures`).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(5_000);
  expect(perOperation.size).toBe(operations.length);
});
