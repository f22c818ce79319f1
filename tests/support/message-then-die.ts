/**
 * A process that delivers lifecycle messages (queue 'message') and is SIGKILLed by itself right after the first
 * delivery's transaction commits — before the job is marked done, as a server killed between the send and its
 * record would be (tests/db/messages-crash.test.ts). Mail jobs are left queued (this worker has no mail handler).
 * Run with `node --import tsx tests/support/message-then-die.ts`; DATABASE_URL or PGLITE_DIR say where.
 */
import pg from "pg";
import { fromPGlite, fromPool } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { parseEnv } from "~/server/env";
import { createJobWorker } from "~/server/jobs/jobs.worker";
import { createLogger } from "~/server/logger";
import { createMailOutbox } from "~/server/mail/outbox.job";
import { messageJobHandler } from "~/server/messages/message-delivery.job";
import { MESSAGE_QUEUE } from "~/server/messages/messages.service";

const handle = process.env.DATABASE_URL
  ? fromPool(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }))
  : fromPGlite(await createPGlite(process.env.PGLITE_DIR ?? ""));
const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL: "http://localhost:3000" });
const logger = createLogger(env);
const secret = process.env.CRASH_SECRET ?? "";
const outbox: { current?: ReturnType<typeof createMailOutbox> } = {};
const deliver = messageJobHandler({
  db: handle.db,
  env: { appUrl: env.appUrl, authSecret: secret },
  mailOutbox: { enqueue: (...a) => outbox.current!.enqueue(...a), idle: () => outbox.current!.idle() },
});
const worker = createJobWorker({
  db: handle.db,
  logger,
  handlers: {
    [MESSAGE_QUEUE]: async (payload, job) => {
      await deliver(payload, job);
      process.kill(process.pid, "SIGKILL");
    },
  },
  leaseMs: 300,
  sweep: false,
});
outbox.current = createMailOutbox(handle.db, worker, { appUrl: env.appUrl, supportEmail: undefined });
await worker.drain();
process.kill(process.pid, "SIGKILL");
