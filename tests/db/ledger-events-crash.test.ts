import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { crashRuns } from "#tests/support/crash-run";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { earnOnDay, earnPattern } from "#tests/support/streak";
import { type AwardInput, award } from "~/server/ledger/ledger.service";
import { recordFirstEarning } from "~/server/referrals/referrals.service";

/**
 * The award's consumers across kill -9 (ADR 067, ADR 070): a process pays awards through the ledger and is
 * SIGKILLed right after they commit, before any consumer of their events ran — each streak user's watch that
 * reaches a 7-day milestone (the streak consumer), each referred friend's first earnings (the first-earning
 * consumer; the pair they record clears at once), and each clearing friend's earning that clears the release rule
 * (the release consumer), and every event is also taken by the rollups consumer. Then the real server takes the events (its periodic task) and is itself SIGKILLed at
 * random moments while it does — and while the first-earning jobs run — and restarted. In the end each effect
 * happened exactly once: one milestone bonus per streak user, each referral pair recorded and released once (one
 * `referral_bonus` row per side, nothing pending), no event of the awards left untaken by a consumer (an event is
 * forgotten only once every consumer took it), and every balance equal to its ledger.
 */
const STREAK_USERS = 4;
const FRIENDS = 4;
/** Friends whose pair is clearing before the kill (10 of the rule's 20 coins): the release consumer pays them. */
const CLEARING = 4;
/**
 * The consumers of the ledger's events (create-deps.ts): streak, referral first earning, referral release, rollups,
 * and the messages' record of the last play.
 */
const CONSUMERS = 5;
const KILLS = 4;

const beginRun = crashRuns("events");

it(`runs each consumer's effect once after a kill between the award and its consumers, and ${KILLS} more`, {
  timeout: 600_000,
}, async () => {
  const run = await beginRun();
  const { kind, open, done } = run;
  const env: Record<string, string> = {
    JOB_LEASE_SECONDS: "2",
    REFERRAL_RELEASE_COINS: "20",
    REFERRAL_RELEASE_DAYS: "1",
  };
  let server = await run.startServer(env);
  const client = httpClient(server.url);
  const referrer = await createVerifiedUser(client, { ip: "10.94.0.1" });
  const me = await (await client.request("/api/me", { cookie: referrer.cookie })).json();
  // Side by side: sign-up is not under test here.
  const [friends, clearing, streakers] = await Promise.all([
    Promise.all(
      Array.from({ length: FRIENDS }, (_, i) =>
        createVerifiedUser(client, { referralCode: me.profile.referralCode, ip: `10.94.1.${i + 1}` }),
      ),
    ),
    Promise.all(
      Array.from({ length: CLEARING }, (_, i) =>
        createVerifiedUser(client, { referralCode: me.profile.referralCode, ip: `10.94.3.${i + 1}` }),
      ),
    ),
    Promise.all(
      Array.from({ length: STREAK_USERS }, (_, i) => createVerifiedUser(client, { ip: `10.94.2.${i + 1}` })),
    ),
  ]);
  await server.stop();

  // Six days met and 90 of today's 100 coins: one watch from the 7-day milestone (its history taken at once).
  const setup = await open();
  for (const user of streakers) {
    await earnPattern(setup.db, user.id, "MMMMMM.");
    await earnOnDay(setup.db, user.id, 0, 90);
  }
  // The clearing friends' first earning (10 coins) and its record: their pairs are pending (clearing).
  for (const user of clearing) {
    await award(setup.db, { userId: user.id, kind: "quiz_correct", causeKey: `quiz:${randomUUID()}:first` });
    expect(await recordFirstEarning(setup.db, user.id)).toBe("clearing");
  }
  await done(setup);

  const awards: AwardInput[] = [
    ...streakers.map((u) => ({
      userId: u.id,
      kind: "video_watch" as const,
      subjectId: "tutorial-get-started",
      causeKey: `video-watch:${randomUUID()}`,
    })),
    // Each friend's first earnings reach the rule's 20 coins: the pair is recorded and released at once.
    ...friends.flatMap((u) =>
      [1, 2].map((n) => ({
        userId: u.id,
        kind: "quiz_correct" as const,
        causeKey: `quiz:${randomUUID()}:q${n}`,
      })),
    ),
    // Each clearing friend's second 10 coins clear the rule: the release consumer pays the pair.
    ...clearing.map((u) => ({
      userId: u.id,
      kind: "quiz_correct" as const,
      causeKey: `quiz:${randomUUID()}:q`,
    })),
  ];
  expect(await run.runUntilKilled("award-then-die.ts", { AWARDS: JSON.stringify(awards) })).toBe("SIGKILL");
  const killed = await open();
  const { rows: untaken } = await sql<{ n: number }>`
    select count(*)::int as n from ledger_events e
    where not exists (select 1 from ledger_event_consumptions c where c.entry_id = e.entry_id)`.execute(
    killed.db,
  );
  await done(killed);
  // The awards' events wait, taken by no consumer (and the history's).
  expect(untaken[0]?.n).toBeGreaterThanOrEqual(awards.length);

  for (let kill = 0; kill < KILLS; kill++) {
    server = await run.startServer(env);
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 3000));
    await server.kill();
  }
  server = await run.startServer(env);
  const base = server.url;
  const balanceOf = async (user: TestUser) =>
    (
      (await (await httpClient(base).request("/api/ledger/balance", { cookie: user.cookie })).json()) as {
        balance: number;
      }
    ).balance;
  await expect
    .poll(() => balanceOf(referrer), { timeout: 120_000, interval: 500 })
    .toBe((FRIENDS + CLEARING) * 50);
  await expect
    .poll(async () => (await Promise.all(streakers.map(balanceOf))).every((b) => b === 600 + 100 + 25), {
      timeout: 60_000,
      interval: 500,
    })
    .toBe(true);
  await server.stop();

  const handle = await open();
  try {
    const { rows } = await sql<{ user_id: string; kind: string; amount: number }>`
      select user_id, kind, amount from coin_ledger where kind in ('streak_bonus', 'referral_bonus')`.execute(
      handle.db,
    );
    const of = (user: TestUser, k: string) => rows.filter((r) => r.user_id === user.id && r.kind === k);
    for (const user of streakers)
      expect(
        of(user, "streak_bonus").map((r) => r.amount),
        user.email,
      ).toEqual([25]);
    for (const friend of [...friends, ...clearing])
      expect(of(friend, "referral_bonus").map((r) => r.amount)).toEqual([50]);
    expect(of(referrer, "referral_bonus")).toHaveLength(FRIENDS + CLEARING);
    const { rows: left } = await sql<{ pending: number; broken: number; untaken: number }>`
      select (select coalesce(sum(pending_points), 0)::int from user_profiles) as pending,
        (select count(*)::int from user_profiles p where p.points <> (select coalesce(sum(amount), 0)
          from coin_ledger l where l.user_id = p.id)) as broken,
        (select count(*)::int from ledger_events e join coin_ledger l on l.id = e.entry_id
          where l.cause_key in (${sql.join(awards.map((a) => sql`${a.causeKey}`))})
          and (select count(*) from ledger_event_consumptions c where c.entry_id = e.entry_id) <> ${CONSUMERS}) as untaken`.execute(
      handle.db,
    );
    console.log(`ledger events crash test (${kind}): kills=1+${KILLS}, ${JSON.stringify(left[0])}`);
    expect(left[0]).toEqual({ pending: 0, broken: 0, untaken: 0 });
  } finally {
    await handle.close();
  }
});
