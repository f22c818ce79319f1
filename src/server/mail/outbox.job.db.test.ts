import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../tests/support/factories";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { MAIL_MAX_ATTEMPTS, MAIL_QUEUE } from "./outbox.job";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Stop the worker: these tests look at the queued jobs themselves.
  await ctx.deps.jobs.stop();
});
afterAll(async () => {
  await ctx.close();
});

const mailJobsTo = async (email: string) =>
  (await ctx.db.selectFrom("jobs").selectAll().where("queue", "=", MAIL_QUEUE).execute()).filter(
    (job) => (job.payload as { to?: string }).to === email,
  );

describe("mail as durable jobs", () => {
  it("sign-up queues its confirmation mail in the sign-up transaction; the worker delivers it", async () => {
    const email = uniqueEmail("queued");
    expect((await ctx.signUp(email, "secret1")).status).toBe(200);
    const [job, ...more] = await mailJobsTo(email);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ status: "queued", attempts: 0, max_attempts: MAIL_MAX_ATTEMPTS });
    expect(job?.payload).toMatchObject({ subject: "Play, Learn, Earn: confirm your email" });
    const user = await ctx.db
      .selectFrom("user")
      .select("createdAt")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    // Same transaction: PostgreSQL's now() is the transaction's start time.
    expect(new Date(job?.created_at ?? 0).getTime()).toBeLessThanOrEqual(new Date(user.createdAt).getTime());

    await ctx.deps.mailOutbox.idle();
    const [mail] = await ctx.mailTo(email);
    expect(mail?.subject).toBe("Play, Learn, Earn: confirm your email");
    expect((await mailJobsTo(email))[0]?.status).toBe("done");
    await ctx.verifyEmail(email);
  });

  it("a sign-up that rolls back leaves no mail job", async () => {
    await sql`alter table user_profiles add constraint test_no_profiles check (points < 0) not valid`.execute(
      ctx.db,
    );
    try {
      const email = uniqueEmail("rollback");
      expect((await ctx.signUp(email, "secret1")).status).toBe(500);
      expect(await mailJobsTo(email)).toEqual([]);
    } finally {
      await sql`alter table user_profiles drop constraint test_no_profiles`.execute(ctx.db);
    }
  });

  it("a password-reset request queues its mail", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.request("/api/auth/request-password-reset", {
      json: { email: user.email, redirectTo: "/update-password" },
    });
    const jobs = await mailJobsTo(user.email);
    expect(jobs.map((j) => (j.payload as { subject: string }).subject)).toContain(
      "Play, Learn, Earn: reset your password",
    );
  });
});
