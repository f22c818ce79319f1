/**
 * `npm run db:seed`: a lived-in database for development — a demo administrator and a few users with coin
 * history, referrals, an adjustment and a ban. Everything goes through the app's own API in this process (the
 * factories the tests use), so the data is exactly what real use would make. Refuses to run in production;
 * with PGlite, stop the server first. Running it again changes nothing.
 */
import { randomUUID } from "node:crypto";
import { createApp } from "~/server/app";
import { createDeps } from "~/server/create-deps";
import { openDatabase } from "~/server/db/client";
import { loadEnvOrExit } from "~/server/load-env";
import { createLogger } from "~/server/logger";
import { prepareDatabase } from "~/server/prepare-database";
import { answerQuizCorrectly } from "../tests/support/earning";
import { type ApiClient, createVerifiedUser, type TestUser } from "../tests/support/factories";
import { inProcessClient } from "../tests/support/in-process-client";

export const DEMO_ADMIN = { email: "admin@play-learn-earn.local", password: "demo-admin-password" };
const DEMO_PASSWORD = "demo-password";
const people = ["alice", "bob", "carol", "dave", "erin"] as const;

const loaded = loadEnvOrExit();
if (loaded.nodeEnv === "production") {
  console.error("npm run db:seed makes demo accounts with known passwords: not in production.");
  process.exit(1);
}
// Mail goes to the dev mailbox (the seed confirms its users from there); the demo admin is an administrator.
const env = {
  ...loaded,
  smtpUrl: undefined,
  logLevel: "warn" as const,
  adminEmails: [...loaded.adminEmails, DEMO_ADMIN.email],
};
const handle = await openDatabase(env);

async function call(api: ApiClient, user: TestUser, path: string, json?: unknown) {
  const res = await api.request(path, { method: "POST", cookie: user.cookie, json });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function playQuiz(api: ApiClient, user: TestUser, quizId: string) {
  const session: { sessionId: string; questions: { id: string }[] } = await call(
    api,
    user,
    `/api/quizzes/${quizId}/sessions`,
  );
  for (const [i, question] of session.questions.entries())
    await call(api, user, `/api/quizzes/sessions/${session.sessionId}/answers`, {
      questionId: question.id,
      option: i % 4,
    });
}

try {
  await prepareDatabase(handle.db);
  const existing = await handle.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", DEMO_ADMIN.email)
    .executeTakeFirst();
  if (existing) {
    console.log(`Already seeded: sign in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}.`);
  } else {
    const logger = createLogger(env);
    const deps = createDeps({ env, db: handle.db, logger });
    const app = createApp(deps);
    const api = inProcessClient(app, new URL(env.appUrl).origin, () => deps.mailOutbox.idle());

    const admin = await createVerifiedUser(api, DEMO_ADMIN);
    const users: Record<string, TestUser> = {};
    for (const name of people) {
      const referrer = name === "bob" || name === "carol" ? users.alice : undefined;
      const code = referrer
        ? (await (await api.request("/api/me", { cookie: referrer.cookie })).json()).profile.referralCode
        : null;
      users[name] = await createVerifiedUser(api, {
        email: `${name}@example.test`,
        password: DEMO_PASSWORD,
        referralCode: code,
      });
    }
    const { alice, bob, carol, dave, erin } = users as Record<(typeof people)[number], TestUser>;
    await answerQuizCorrectly(api, alice, 6, "history");
    await playQuiz(api, alice, "general");
    await answerQuizCorrectly(api, bob, 2, "general");
    await playQuiz(api, carol, "science");
    await answerQuizCorrectly(api, dave, 10, "general");
    await answerQuizCorrectly(api, dave, 2, "science");
    await playQuiz(api, erin, "history");

    const asAdmin = (path: string, json: unknown) => call(api, admin, path, json);
    await asAdmin(`/api/admin/users/${alice.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 250,
      reason: "Thank-you gift for early testers",
    });
    await asAdmin(`/api/admin/users/${dave.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: -20,
      reason: "Duplicate video rewards reversed",
    });
    await asAdmin(`/api/admin/users/${dave.id}/ban`, {
      reason: "Automated video clicking",
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString(),
    });
    await deps.mailOutbox.idle();
    console.log(`Seeded: administrator ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    for (const name of people)
      console.log(
        `  user ${users[name]!.email} / ${DEMO_PASSWORD}${name === "dave" ? " (banned for 7 days)" : ""}`,
      );
  }
} finally {
  await handle.close();
}
