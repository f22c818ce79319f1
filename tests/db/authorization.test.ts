import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeEditor } from "#tests/support/admin";
import { type Actor, leakedSecrets, type MatrixCase, snapshotOf } from "#tests/support/authorization";
import { authorizationMatrix, type MatrixFixtures } from "#tests/support/authorization-matrix";
import { OWNER_KYC_DOCUMENT_ID } from "#tests/support/authorization-matrix-kyc";
import { grantCoins } from "#tests/support/coins";
import { watchVideoToEnd } from "#tests/support/earning";
import { linkIn, type TestUser, uniqueEmail, waitForMail } from "#tests/support/factories";
import { givePendingKyc } from "#tests/support/kyc";
import { answerProblems, declaredAnswerSchemas } from "#tests/support/response-schemas";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import type { OpenApiDocument } from "~/server/openapi/build-document";
import { requestRedemption } from "~/server/redemptions/redemptions.service";

/**
 * The authorization matrix: every operation of /api/openapi.json, asked by a guest, by another signed-in
 * user, by the owner of the resources it names, by an administrator and by a content editor → the expected status. Every admin
 * endpoint must refuse the first three (401 / 403). Guests and the other user must
 * neither read nor change anything of the owner's: their answers hold none of the owner's ids, tokens or
 * address, and a snapshot of everything the owner has is the same after all their requests.
 * An operation missing here fails the test: add a row for every new endpoint.
 */
let ctx: TestContext;
let other: TestUser;
let admin: TestUser;
/** A content editor: the content console's rows answer it; every other admin row refuses it like any user. */
let editor: TestUser;
const adminEmail = uniqueEmail("admin");
let f: MatrixFixtures;
let matrix: Record<string, MatrixCase>;
/** Someone the owner referred: only the owner may see them. */
const friendEmail = uniqueEmail("friend");
let requests = 0;
/** The answer schemas the routes declare (responds(...)); every 2xx JSON answer here must match its own. */
let answerSchemas: ReturnType<typeof declaredAnswerSchemas>;
/** Answers to guests or the other user that showed something of the owner's. */
let leaks = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    // Uploaded videos go to a folder of this run (DATA_DIR/videos), not the working tree.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ple-uploads-")),
    MAIL_RATE_LIMIT: "1000",
    ADMIN_EMAILS: adminEmail,
    ADMIN_RATE_LIMIT: "1000",
  });
  const owner = await ctx.createVerifiedUser();
  other = await ctx.createVerifiedUser();
  admin = await ctx.createVerifiedUser({ email: adminEmail });
  editor = await ctx.createVerifiedUser();
  await makeEditor(ctx.db, editor.id);
  const asOwner = async (path: string, method = "POST") =>
    (await ctx.request(path, { method, cookie: owner.cookie })).json();
  const { profile } = await asOwner("/api/me", "GET");
  await ctx.createVerifiedUser({ email: friendEmail, referralCode: profile.referralCode });
  await watchVideoToEnd(ctx.client, ctx.db, owner, "exciting-new-content");
  const { watch } = await asOwner("/api/videos/community-highlights/watches");
  const { game } = await asOwner("/api/games/tic-tac-toe");
  // Started well before the matrix's move, as a person's first move would come (the server paces it).
  await ctx.db
    .updateTable("games")
    .set({ created_at: new Date(Date.now() - 60_000) })
    .where("id", "=", game.id)
    .execute();
  await ctx.request("/api/games/tic-tac-toe", { method: "POST", cookie: other.cookie });
  const quiz = await asOwner("/api/quizzes/general/sessions");
  const session = await ctx.db
    .selectFrom("session")
    .select("token")
    .where("userId", "=", owner.id)
    .executeTakeFirstOrThrow();
  const account = await ctx.db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", owner.id)
    .executeTakeFirstOrThrow();
  const kycSubmissionId = await givePendingKyc(ctx.deps, owner.id, { documentId: OWNER_KYC_DOCUMENT_ID });
  // The owner on a second device: the session the owner ends from the account page.
  await ctx.signIn(owner.email, owner.password);
  const spare = await ctx.db
    .selectFrom("session")
    .select("id")
    .where("userId", "=", owner.id)
    .where("token", "<>", session.token)
    .executeTakeFirstOrThrow();
  const link = linkIn(await waitForMail(ctx.client, owner.email, /confirm/i), "/api/auth/verify-email");
  // Two redemptions of the owner, made with KYC switched off for this setup only.
  await grantCoins(ctx.db, owner.id, 2000);
  const noKyc = {
    db: ctx.db,
    mailOutbox: ctx.deps.mailOutbox,
    env: { ...ctx.env, redeem: { ...ctx.env.redeem, requireKyc: false, maxPending: 2 } },
  };
  const toCancel = await requestRedemption(noKyc, owner, { coins: 1000, method: "paypal" });
  const toDecide = await requestRedemption(noKyc, owner, { coins: 1000, method: "gift_card" });
  f = {
    ctx,
    owner,
    a: {
      gameId: game.id,
      watchId: watch.id,
      quizSessionId: quiz.sessionId,
      sessionToken: session.token,
      accountId: account.id,
      referralCode: profile.referralCode,
      verifyLink: link.pathname + link.search,
      kycSubmissionId,
      spareSessionId: spare.id,
    },
    questionId: quiz.questions[0].id,
    redemptions: { toCancel: toCancel.redemption.id, toDecide: toDecide.redemption.id },
  };
  matrix = authorizationMatrix(f);
  answerSchemas = declaredAnswerSchemas(ctx.app as never);
});
afterAll(async () => {
  await ctx.close();
});

async function run(key: string, row: MatrixCase, actor: Actor) {
  const { path, init } = await row.request(actor);
  const res = await ctx.request(path, { cookie: actor.user?.cookie, ...init });
  requests++;
  const text = await res.text();
  const failures: string[] = [];
  const expected =
    actor.role === "admin"
      ? (row.expect.admin ?? row.expect.other)
      : actor.role === "editor"
        ? (row.expect.editor ?? row.expect.other)
        : row.expect[actor.role];
  if (res.status !== expected)
    failures.push(`${key} as ${actor.role}: ${res.status}, expected ${expected}: ${text.slice(0, 200)}`);
  if (actor.role === "guest" || actor.role === "other" || actor.role === "editor") {
    const secrets = {
      id: f.owner.id,
      email: f.owner.email,
      friend: friendEmail,
      kycDocumentId: OWNER_KYC_DOCUMENT_ID,
      ...f.a,
    };
    const leaked = leakedSecrets(text, secrets, row.echoes);
    if (leaked.length) leaks++;
    if (leaked.length)
      failures.push(`${key} as ${actor.role} shows the owner's ${leaked.join(", ")}: ${text.slice(0, 200)}`);
  }
  if (res.status < 300 && /json/.test(res.headers.get("content-type") ?? "")) {
    const problems = await answerProblems(answerSchemas, key, res.status, JSON.parse(text));
    if (problems)
      failures.push(`${key} as ${actor.role}: the answer breaks its declared schema: ${problems}`);
  }
  if (row.check && res.status < 300 && /json/.test(res.headers.get("content-type") ?? "")) {
    try {
      await row.check(actor, JSON.parse(text));
    } catch (err) {
      failures.push(`${key} as ${actor.role}: ${String(err)}`);
    }
  }
  if (row.endsSession && actor.user)
    actor.user.cookie = await ctx.signIn(actor.user.email, actor.user.password);
  return failures;
}

it("answers every endpoint as the matrix says, with no cross-user reads or writes", {
  timeout: 120_000,
}, async () => {
  const doc: OpenApiDocument = await (await ctx.request("/api/openapi.json")).json();
  const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
  expect(
    documented.filter((key) => !(key in matrix)),
    "endpoints missing from the matrix",
  ).toEqual([]);
  expect(
    Object.keys(matrix).filter((key) => !documented.includes(key)),
    "matrix rows for no endpoint",
  ).toEqual([]);

  const guest: Actor = { role: "guest", user: null };
  const someoneElse: Actor = { role: "other", user: { ...other } };
  const theOwner: Actor = { role: "owner", user: { ...f.owner } };
  const failures: string[] = [];

  const before = await snapshotOf(ctx.db, f.owner.id);
  for (const [key, row] of Object.entries(matrix)) {
    failures.push(...(await run(key, row, guest)), ...(await run(key, row, someoneElse)));
  }
  const after = await snapshotOf(ctx.db, f.owner.id);
  const writes = after === before ? 0 : 1;

  for (const [key, row] of Object.entries(matrix)) failures.push(...(await run(key, row, theOwner)));
  const anAdmin: Actor = { role: "admin", user: { ...admin } };
  for (const [key, row] of Object.entries(matrix)) failures.push(...(await run(key, row, anAdmin)));
  const anEditor: Actor = { role: "editor", user: { ...editor } };
  for (const [key, row] of Object.entries(matrix)) failures.push(...(await run(key, row, anEditor)));
  console.log(
    `authorization matrix (${ctx.kind}): ${Object.keys(matrix).length} endpoints × guest/other/owner/admin/editor, ${requests} requests, ${failures.length} mismatches, ${leaks} cross-user reads, ${writes} cross-user writes`,
  );
  expect(after, "the owner's data after everyone else's requests").toBe(before);
  expect(failures).toEqual([]);
  expect(await snapshotOf(ctx.db, f.owner.id)).not.toBe(before);
});
