/**
 * `npm run bench:farming`: how much a script can farm. A fresh server (PGlite, every earning limit at its
 * default) and one scripted client per channel — Tic Tac Toe, quizzes, videos, referrals — each playing as fast
 * as the server allows for BENCH_SECONDS (default 60) at the same time (sign-up and mail rate limits raised, so
 * the referral farmer is held back by the referral rules alone). The quiz farmer's account has met the daily goal
 * on the six days before (written into the database before the server starts), so today is its 7th day in a row:
 * the streak milestone bonus is measured too (docs/product.md, "Daily goal and streak"). Beside them, a quiz farmer
 * that knows no answer and learns them (./farming-learned.ts), on quizzes imported for the run with pools of 30
 * questions: its first day, and a later day from what it learned. Prints per channel the coins earned, the coins/day
 * ceiling that implies and its dollar value, and the one account's total, bonus included — with the quiz farmer
 * that knows every answer, and with the learning one in its place. With `--write` (not with `--smoke`) the table
 * goes into docs/benchmarks.md. A figure, not a test; it stops by itself.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { TransactionsPage } from "~/core/api/account";
import type { GameView, MoveResult } from "~/core/api/games";
import type { QuizSessionView } from "~/core/api/quizzes";
import type { CompleteWatchResponse, StartWatchResponse, VideosResponse } from "~/core/api/videos";
import { formatDollars, REFERRAL_BONUS_COINS } from "~/core/coins";
import { DEFAULT_EARNING_LIMITS } from "~/core/earning";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import { fromPGlite } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { quizContent } from "~/server/quizzes/content";
import { answerQuizCorrectly } from "../tests/support/earning";
import { type ApiClient, createVerifiedUser, type TestUser } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { startServer } from "../tests/support/server-process";
import { earnPattern } from "../tests/support/streak";
import { acceptanceLineMove } from "../tests/support/tic-tac-toe-lines";
import { marked, writeSection } from "./doc-section";
import {
  farmFirstDay,
  farmLaterDay,
  importPools,
  LEARNED_QUIZZES,
  type LearnedFarming,
  type Memory,
  POOL_SIZE,
} from "./farming-learned";
import { SMOKE, smokeOr } from "./smoke";

const SECONDS = smokeOr(Number(process.env.BENCH_SECONDS ?? 60), 3);
const DAY_SECONDS = 24 * 60 * 60;
const ADMIN_EMAIL = "bench-farming-admin@example.test";
const answers = new Map(quizContent.flatMap((q) => q.questions).map((q) => [q.id, q.answer]));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ChannelResult {
  channel: string;
  coins: number;
  /** True when the server said the day's limit was reached: the run's coins are the day's ceiling. */
  capped: boolean;
  /** The most the channel's limits let one account earn per day (on average, for the 30-day referral cap). */
  limitCeiling: number;
  note: string;
}

async function balance(api: ApiClient, user: TestUser): Promise<number> {
  return (
    (await (await api.request("/api/ledger/balance", { cookie: user.cookie })).json()) as { balance: number }
  ).balance;
}

/** Wins with the acceptance line (it always wins), a move as soon as the server takes it. */
async function farmGames(api: ApiClient, user: TestUser, until: number): Promise<ChannelResult> {
  let capped = false;
  let wins = 0;
  while (Date.now() < until) {
    const started = await api.request("/api/games/tic-tac-toe", { method: "POST", cookie: user.cookie });
    let game = ((await started.json()) as { game: GameView }).game;
    while (game.status === "open" && Date.now() < until) {
      const res = await api.request(`/api/games/tic-tac-toe/${game.id}/moves`, {
        method: "POST",
        cookie: user.cookie,
        json: { cell: acceptanceLineMove(game.board), version: game.version },
      });
      if (res.status === 429) {
        await res.body?.cancel();
        await sleep(25); // too soon after the bot's reply: try again a moment later
        continue;
      }
      const result = (await res.json()) as MoveResult;
      game = result.game;
      if (game.status === "won") wins++;
      if (result.unpaidReason === "daily-limit") capped = true;
    }
  }
  return {
    channel: "Tic Tac Toe",
    coins: await balance(api, user),
    capped,
    limitCeiling: DEFAULT_EARNING_LIMITS.tttWinsPerDay * 10,
    note: `${wins} wins`,
  };
}

/** The account's streak bonuses: the coins of its `streak_bonus` rows. */
async function streakBonusCoins(api: ApiClient, user: TestUser): Promise<number> {
  const res = await api.request("/api/ledger/transactions?limit=100", { cookie: user.cookie });
  const page = (await res.json()) as TransactionsPage;
  return page.entries.filter((e) => e.kind === "streak_bonus").reduce((n, e) => n + e.amount, 0);
}

/** Every quiz, every answer right, again and again. */
async function farmQuizzes(api: ApiClient, user: TestUser, until: number): Promise<ChannelResult> {
  const before = await balance(api, user);
  let capped = false;
  let sessions = 0;
  while (Date.now() < until) {
    for (const quiz of quizContent) {
      const res = await api.request(`/api/quizzes/${quiz.id}/sessions`, {
        method: "POST",
        cookie: user.cookie,
      });
      const session = (await res.json()) as QuizSessionView;
      sessions++;
      if (session.practice) capped = true;
      for (const q of session.questions) {
        if (Date.now() >= until) break;
        const answered = await api.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
          method: "POST",
          cookie: user.cookie,
          json: { questionId: q.id, option: q.options.indexOf(answers.get(q.id) ?? "") },
        });
        await answered.body?.cancel();
      }
    }
  }
  return {
    channel: "Quizzes",
    coins: (await balance(api, user)) - before - (await streakBonusCoins(api, user)),
    capped,
    limitCeiling: DEFAULT_EARNING_LIMITS.quizSessionsPerDay * 110 * quizContent.length,
    note: `${sessions} sessions`,
  };
}

/** Reports every video's end at once, then again after its duration; all videos at the same time. */
async function farmVideos(api: ApiClient, user: TestUser, until: number): Promise<ChannelResult> {
  const { videos } = (await (await api.request("/api/videos")).json()) as VideosResponse;
  let capped = false;
  let early = 0;
  await Promise.all(
    videos.map(async (video) => {
      while (Date.now() < until) {
        const res = await api.request(`/api/videos/${video.id}/watches`, {
          method: "POST",
          cookie: user.cookie,
        });
        if (res.status !== 201) {
          await res.body?.cancel();
          await sleep(1000);
          continue;
        }
        const { watch } = (await res.json()) as StartWatchResponse;
        const complete = async () =>
          (await (
            await api.request(`/api/videos/watches/${watch.id}/complete`, {
              method: "POST",
              cookie: user.cookie,
            })
          ).json()) as CompleteWatchResponse;
        if ((await complete()).unpaidReason === "too-early") early++;
        const wait = watch.durationSeconds * 1000 - 2000;
        if (Date.now() + wait > until) return;
        await sleep(wait);
        if ((await complete()).unpaidReason === "daily-limit") capped = true;
      }
    }),
  );
  return {
    channel: "Videos",
    coins: await balance(api, user),
    capped,
    limitCeiling: DEFAULT_EARNING_LIMITS.videoWatchesPerDay * 10 * videos.length,
    note: `${early} early ends refused`,
  };
}

/** Throw-away friends signing up with the code from many addresses, each earning once. */
async function farmReferrals(api: ApiClient, referrer: TestUser, until: number): Promise<ChannelResult> {
  const me = (await (await api.request("/api/me", { cookie: referrer.cookie })).json()) as {
    profile: { referralCode: string };
  };
  let friends = 0;
  let refused = 0;
  for (let i = 1; Date.now() < until; i++) {
    try {
      // X-Forwarded-For is ignored unless TRUST_PROXY is on (it is off by default).
      const friend = await createVerifiedUser(api, {
        referralCode: me.profile.referralCode,
        ip: `10.66.${i >> 8}.${i & 255}`,
      });
      await answerQuizCorrectly(api, friend, 1);
      friends++;
    } catch {
      refused++; // the sign-up rate limit: wait for its window
      await sleep(2000);
    }
  }
  const held = friends; // every friend came from the referrer's own address
  const coins = await balance(api, referrer);
  const cap = DEFAULT_EARNING_LIMITS.referralBonusesPer30Days * REFERRAL_BONUS_COINS;
  return {
    channel: "Referral (referrer)",
    coins,
    capped: false,
    // Even from many real addresses, the referrer bonuses stop at the 30-day cap: its daily average.
    limitCeiling: Math.round(cap / 30),
    note: `${friends} friends (${held} held for review), ${refused} sign-ups refused`,
  };
}

/** What the run's pace would earn in a day (the run's coins once capped). */
const pace = (r: ChannelResult) => (r.capped ? r.coins : Math.round((r.coins * DAY_SECONDS) / SECONDS));
/** The pace, bounded by what the limits allow. */
const perDay = (r: ChannelResult) => Math.min(pace(r), r.limitCeiling);

function row(r: ChannelResult): string[] {
  return [
    r.channel,
    String(r.coins),
    String(perDay(r)),
    `$${formatDollars(perDay(r))}`,
    r.capped ? "daily limit reached" : pace(r) > r.limitCeiling ? "limit (pace is higher)" : "pace",
    r.note,
  ];
}

/** A total of `channels` against the target (≤ 600 coins, $3.00 a day). */
function totalRow(label: string, channels: readonly ChannelResult[]): string[] {
  const total = channels.reduce((n, r) => n + perDay(r), 0);
  return [
    label,
    "",
    String(total),
    `$${formatDollars(total)}`,
    "",
    `target ≤ 600 coins ($3.00)${total <= 600 ? " ✓" : " ✗"}`,
  ];
}

/**
 * The table: every channel, the learning quiz farmer's two rows, and the one account's total twice — with the
 * quiz farmer that knows every answer, and with the learning one in its place on a later day.
 */
function table(channels: readonly ChannelResult[], learned: readonly [ChannelResult, ChannelResult]): string {
  const [, laterDay] = learned;
  const rows = [
    ...channels.map(row),
    ...learned.map(row),
    totalRow("All channels, one account, bonus included", channels),
    totalRow(
      "The same, quizzes learned (a later day)",
      channels.map((r) => (r.channel === "Quizzes" ? laterDay : r)),
    ),
  ];
  const header = ["Channel", `Coins in ${SECONDS} s`, "Coins/day ceiling", "$/day", "Ceiling from", "Notes"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The learning quiz farmer's rows: its first day, and a later day answered from what it learned. */
async function learnedRows(
  api: ApiClient,
  accounts: { first: TestUser; later: TestUser },
  farming: LearnedFarming,
): Promise<[ChannelResult, ChannelResult]> {
  const { firstDay, laterDay } = farming;
  const paidRounds = LEARNED_QUIZZES * DEFAULT_EARNING_LIMITS.quizSessionsPerDay;
  const limitCeiling = paidRounds * 110;
  const pool = `${LEARNED_QUIZZES} quizzes of ${POOL_SIZE} questions`;
  const learnedAll =
    farming.allKnownAfter === null
      ? `${firstDay.practiceRounds} practice rounds, then it knew ${farming.known} of ${LEARNED_QUIZZES * POOL_SIZE} answers`
      : `it knew all ${LEARNED_QUIZZES * POOL_SIZE} answers after ${farming.allKnownAfter} practice rounds`;
  return [
    {
      channel: "Quizzes learned: first day",
      coins: await balance(api, accounts.first),
      capped: firstDay.paidRounds >= paidRounds,
      limitCeiling,
      note: `${pool}, nothing known: ${firstDay.paidRounds} paid rounds guessed ${firstDay.paidRight} of ${firstDay.paidRounds * 10} right; ${learnedAll}`,
    },
    {
      channel: "Quizzes learned: a later day",
      coins: await balance(api, accounts.later),
      capped: laterDay.paidRounds >= paidRounds,
      limitCeiling,
      note: `played after the run: ${laterDay.paidRounds} paid rounds, ${laterDay.fromMemory} of ${laterDay.paidRounds * 10} answers from memory, ${laterDay.right} right`,
    },
  ];
}

/** The run's accounts: one per channel, the learning quiz farmer's two, and the administrator who imports its pools. */
async function accounts(api: ApiClient) {
  const make = () => createVerifiedUser(api);
  return {
    gamer: await make(),
    learner: await make(),
    watcher: await make(),
    referrer: await make(),
    firstDay: await make(),
    laterDay: await make(),
    admin: await createVerifiedUser(api, { email: ADMIN_EMAIL }),
  };
}

/** The streak bonus row: the quiz farmer that knows every answer reaches its 7th day in a row. */
async function streakRow(api: ApiClient, learner: TestUser): Promise<ChannelResult> {
  const bonus = await streakBonusCoins(api, learner);
  return {
    channel: "Streak bonus",
    coins: bonus,
    // Paid once per day and milestone: a milestone day pays it once, whatever else is done.
    capped: bonus > 0,
    limitCeiling: DEFAULT_STREAK_RULES.bonusCoins,
    note: bonus > 0 ? "7th day in a row reached by the quiz farmer" : "milestone not reached in the run",
  };
}

/** The part of docs/benchmarks.md this bench writes with --write. */
function docSection(text: string): string {
  return marked(
    "farming",
    [
      "## Farming: what a script can earn a day (`npm run bench:farming -- --write`)",
      "",
      `\`bench/farming.ts\`: the compiled server (PGlite, every earning limit at its default), one scripted client per`,
      `channel playing as fast as the server allows for ${SECONDS} s, all at once. The quiz farmer that knows every answer`,
      "plays the seeded quizzes on the 7th day of its streak. The learning quiz farmer knows no answer: it remembers",
      "each answer the server shows (a right answer at once, every answer of a round at its end, practice rounds too),",
      `answers from memory, guesses otherwise; it plays ${LEARNED_QUIZZES} quizzes imported for the run with pools of ${POOL_SIZE} questions (a`,
      "round draws 10 at random): first its paid rounds, then practice rounds until it knows every answer. Its later day",
      "is a second account playing its paid rounds from the same memory (the limits count per account and UTC day).",
      "Partner offers are not play channels and not counted here.",
      "",
      text,
      "",
      `Date: ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC; load average (1/5/15 min) at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")}.`,
    ].join("\n"),
  );
}

async function main() {
  // Sign-up and mail limits raised (they are not earning limits): the referral farmer may make accounts freely.
  const dataDir = await mkdtemp(path.join(tmpdir(), "ple-bench-farming-"));
  const env = {
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
  };
  let server = await startServer(env);
  const stopAll = setTimeout(
    () => {
      console.error("bench:farming ran too long; stopping");
      void server.stop().then(() => process.exit(1));
    },
    (SECONDS + 240) * 1000,
  );
  try {
    let api = httpClient(server.url);
    const users = await accounts(api);
    // The learner met the daily goal on each of the six days before today: today can reach the 7-day milestone.
    await server.stop();
    const seed = fromPGlite(await createPGlite(path.join(dataDir, "pglite")));
    await earnPattern(seed.db, users.learner.id, "MMMMMM.");
    await seed.close();
    server = await startServer(env);
    api = httpClient(server.url);
    const pools = await importPools(api, users.admin);
    const memory: Memory = new Map();
    console.log(`bench:farming: ${SECONDS} s per channel, all at once, limits at their defaults…`);
    const until = Date.now() + SECONDS * 1000;
    const [channels, firstDay] = await Promise.all([
      Promise.all([
        farmGames(api, users.gamer, until),
        farmQuizzes(api, users.learner, until),
        farmVideos(api, users.watcher, until),
        farmReferrals(api, users.referrer, until),
      ]),
      farmFirstDay(api, users.firstDay, pools, memory, until),
    ]);
    channels.push(await streakRow(api, users.learner));
    const laterDay = await farmLaterDay(api, users.laterDay, pools, memory);
    const learned = await learnedRows(
      api,
      { first: users.firstDay, later: users.laterDay },
      { ...firstDay, laterDay },
    );
    const text = table(channels, learned);
    console.log(text);
    if (process.argv.includes("--write") && !SMOKE)
      writeSection(path.resolve(import.meta.dirname, "../docs/benchmarks.md"), "farming", docSection(text));
  } finally {
    clearTimeout(stopAll);
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
