import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { crashRuns } from "#tests/support/crash-run";
import { insertUserRow } from "#tests/support/db-users";
import { parseEnv } from "~/server/env";
import { createJobWorker } from "~/server/jobs/jobs.worker";
import { createLogger } from "~/server/logger";
import { createMailOutbox, type MailOutbox } from "~/server/mail/outbox.job";
import { lifecycleMessages } from "~/server/messages/lifecycle-texts";
import { messageJobHandler } from "~/server/messages/message-delivery.job";
import { MESSAGE_QUEUE, queueMessage } from "~/server/messages/messages.service";

/**
 * A lifecycle message is sent exactly once across kill -9 (docs/product.md, "Messages"): events queue their
 * messages in their own transactions; processes deliver them and are SIGKILLed right after a delivery commits,
 * before its job is marked done, so the same job runs again in the next process. In the end every event has one
 * inbox row and one mail job, none twice.
 */
const EVENTS = 4;
const KILLS = 3;
const secret = randomBytes(32).toString("base64url");

const beginRun = crashRuns("messages");

it(`sends each message once across ${KILLS} SIGKILLs between the event and the send`, {
  timeout: 300_000,
}, async () => {
  const run = await beginRun();
  const { kind, open, done } = run;
  let h = await open({ prepare: true });
  const keys: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const user = await insertUserRow(h.db);
    await h.db
      .insertInto("message_settings")
      .values({ user_id: user.id, quiet_start: 0, quiet_end: 0 })
      .execute();
    // The event: a KYC receipt, its message queued in the event's transaction (twice: a retried event).
    const message = lifecycleMessages.kycReceived({ userId: user.id, submissionId: `crash-${i}` });
    keys.push(message.key);
    await h.db.transaction().execute(async (trx) => {
      await queueMessage(trx, message);
      await queueMessage(trx, message);
    });
  }
  await done(h);

  for (let kill = 0; kill < KILLS; kill++) {
    expect(await run.runUntilKilled("message-then-die.ts", { CRASH_SECRET: secret })).toBe("SIGKILL");
    // The killed job's lease (300 ms) passes before the next process claims it again.
    await new Promise((r) => setTimeout(r, 400));
  }
  h = await open();
  const inCrashes = await h.db.selectFrom("messages").select("event_key").execute();
  // Then a process that is not killed runs what is left (the killed runs' jobs, after their lease).
  const outbox: { current?: MailOutbox } = {};
  const worker = createJobWorker({
    db: h.db,
    logger: createLogger(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" })),
    handlers: {
      [MESSAGE_QUEUE]: messageJobHandler({
        db: h.db,
        env: { appUrl: "http://localhost:3000", authSecret: secret },
        mailOutbox: { enqueue: (...a) => outbox.current!.enqueue(...a), idle: () => outbox.current!.idle() },
      }),
    },
    leaseMs: 300,
    sweep: false,
  });
  outbox.current = createMailOutbox(h.db, worker, {
    appUrl: "http://localhost:3000",
    supportEmail: undefined,
  });
  await worker.drain();
  const inbox = await h.db
    .selectFrom("messages")
    .select(["event_key", sql<number>`count(*)::int`.as("n")])
    .groupBy("event_key")
    .execute();
  const mails = await h.db.selectFrom("jobs").select("dedupe_key").where("queue", "=", "mail").execute();
  const messageJobs = await h.db.selectFrom("jobs").select("status").where("queue", "=", "message").execute();
  console.log(
    `messages crash test (${kind}): kills=${KILLS}, delivered before the last run=${inCrashes.length}, inbox rows=${inbox.length}, mail jobs=${mails.length}`,
  );
  // The kills landed after deliveries; the last run found the rest, and nothing was sent twice.
  expect(inCrashes.length).toBeGreaterThanOrEqual(1);
  expect(inbox.map((r) => r.event_key).sort()).toEqual([...keys].sort());
  expect(inbox.every((r) => r.n === 1)).toBe(true);
  expect(messageJobs.map((j) => j.status)).toEqual(Array(EVENTS).fill("done"));
  expect(mails.map((m) => m.dedupe_key).sort()).toEqual(keys.map((k) => `message-mail:${k}`).sort());
  await done(h);
});
