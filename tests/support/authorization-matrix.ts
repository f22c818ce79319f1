import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Actor, MatrixCase } from "./authorization";
import { adminMatrix } from "./authorization-matrix-admin";
import { contentMatrix } from "./authorization-matrix-content";
import { kycMatrix } from "./authorization-matrix-kyc";
import { messagesMatrix } from "./authorization-matrix-messages";
import { partnersMatrix } from "./authorization-matrix-partners";
import { profileRow } from "./db-users";
import { type TestUser, uniqueEmail } from "./factories";
import type { TestContext } from "./test-app";

/** What the matrix aims at: the owner, and the owner's things that others' requests name. */
export interface MatrixFixtures {
  ctx: TestContext;
  owner: TestUser;
  a: {
    gameId: string;
    watchId: string;
    quizSessionId: string;
    sessionToken: string;
    accountId: string;
    referralCode: string;
    verifyLink: string;
    /** The owner's pending KYC submission. */
    kycSubmissionId: string;
    /** A second signed-in session of the owner (another device), which the owner ends from /account. */
    spareSessionId: string;
  };
  /** A question of the owner's quiz session (question ids are the quiz's, not secret). */
  questionId: string;
  /** Two pending redemptions of the owner: one the owner cancels, one an administrator decides. */
  redemptions: { toCancel: number; toDecide: number };
}

const json = (value: unknown) => ({ json: value });
const post = (path: string, body?: unknown) => ({
  path,
  init: { method: "POST", ...(body === undefined ? {} : json(body)) },
});
type Expected = MatrixCase["expect"];
const same = (status: number): Expected => ({ guest: status, other: status, owner: status });
const signedIn = (status: number, guest = 401): Expected => ({
  guest,
  other: status,
  owner: status,
});
const body = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? { ...value } : {};
const idOf = (actor: Actor) => actor.user?.id;

/**
 * One row per operation of /api/openapi.json: the request each role sends — aimed at the owner's resources
 * wherever the endpoint takes an id — and the status each must get (tests/db/authorization.test.ts).
 */
export function authorizationMatrix(f: MatrixFixtures): Record<string, MatrixCase> {
  /** The answer's `balance` is the actor's own. */
  const balanceIsTheActors = async (actor: Actor, res: unknown) => {
    expect(body(res).balance).toBe((await profileRow(f.ctx.db, idOf(actor)!)).points);
  };
  /** The answer's list `key` holds exactly the actor's rows of `table`, by id. */
  const listsTheActors =
    (table: "coin_ledger" | "redemptions", key: string) => async (actor: Actor, res: unknown) => {
      const mine = await f.ctx.db
        .selectFrom(table)
        .select("id")
        .where("user_id", "=", idOf(actor)!)
        .execute();
      const list = body(res)[key];
      expect(Array.isArray(list) ? list.map((r) => Number(body(r).id)).sort() : null).toEqual(
        mine.map((r) => Number(r.id)).sort(),
      );
    };
  /** The answer's history lines stand for exactly the actor's ledger rows: every row once, in its line. */
  const historyIsTheActors = async (actor: Actor, res: unknown) => {
    const mine = await f.ctx.db
      .selectFrom("coin_ledger")
      .select(["id", "amount"])
      .where("user_id", "=", idOf(actor)!)
      .execute();
    const lines = body(res).entries;
    const list = Array.isArray(lines) ? lines.map(body) : [];
    const ids = new Set(mine.map((r) => Number(r.id)));
    expect(list.every((l) => ids.has(Number(l.id)))).toBe(true);
    expect(list.reduce((n, l) => n + Number(l.rows), 0)).toBe(mine.length);
    expect(list.reduce((n, l) => n + Number(l.amount), 0)).toBe(mine.reduce((n, r) => n + r.amount, 0));
  };
  return {
    ...adminMatrix(f),
    ...kycMatrix(f),
    ...messagesMatrix(f),
    ...partnersMatrix(),
    ...contentMatrix(),
    "GET /api/health": { request: () => ({ path: "/api/health" }), expect: same(200) },
    "GET /api/ready": { request: () => ({ path: "/api/ready" }), expect: same(200) },
    "GET /api/openapi.json": { request: () => ({ path: "/api/openapi.json" }), expect: same(200) },
    "GET /api/docs": { request: () => ({ path: "/api/docs" }), expect: same(200) },
    "GET /api/docs.css": { request: () => ({ path: "/api/docs.css" }), expect: same(200) },

    "GET /api/me": {
      request: () => ({ path: "/api/me" }),
      expect: signedIn(200),
      check: (actor, res) => expect(body(body(res).user).id).toBe(idOf(actor)),
    },
    "GET /api/ledger/balance": {
      request: () => ({ path: "/api/ledger/balance" }),
      expect: signedIn(200),
      check: balanceIsTheActors,
    },
    "GET /api/ledger/transactions": {
      request: () => ({ path: "/api/ledger/transactions?limit=100" }),
      expect: signedIn(200),
      check: historyIsTheActors,
    },
    "GET /api/referrals": {
      request: () => ({ path: "/api/referrals" }),
      expect: signedIn(200),
      check: (actor, res) => {
        const friends = body(res).friends;
        expect(Array.isArray(friends) ? friends.length : -1).toBe(actor.role === "owner" ? 1 : 0);
      },
    },
    // Public (the `?ref=` landing asks before anyone signs in): the same answer for everyone, naming nobody.
    "GET /api/referrals/codes/{code}": {
      request: () => ({ path: `/api/referrals/codes/${f.a.referralCode.toLowerCase()}` }),
      expect: same(200),
      check: (_actor, res) => {
        expect(res).toEqual({ valid: true });
      },
    },
    "GET /api/videos": { request: () => ({ path: "/api/videos" }), expect: same(200) },
    "POST /api/videos/{videoId}/watches": {
      request: () => post("/api/videos/tutorial-get-started/watches"),
      expect: signedIn(201),
    },
    "POST /api/videos/watches/{watchId}/complete": {
      request: () => post(`/api/videos/watches/${f.a.watchId}/complete`),
      expect: { guest: 401, other: 404, owner: 200 },
    },
    "GET /api/redemptions/eligibility": {
      request: () => ({ path: "/api/redemptions/eligibility" }),
      expect: signedIn(200),
      check: balanceIsTheActors,
    },
    "GET /api/redemptions": {
      request: () => ({ path: "/api/redemptions" }),
      expect: signedIn(200),
      check: listsTheActors("redemptions", "redemptions"),
    },
    // KYC is required (the default) and nobody here has it: refused before any coin moves.
    "POST /api/redemptions": {
      request: () => post("/api/redemptions", { coins: 1000, method: "paypal" }),
      expect: signedIn(403),
    },
    "POST /api/redemptions/{id}/cancel": {
      request: () => post(`/api/redemptions/${f.redemptions.toCancel}/cancel`),
      expect: { guest: 401, other: 404, owner: 200 },
    },
    "GET /api/earning/allowance": {
      request: () => ({ path: "/api/earning/allowance" }),
      expect: signedIn(200),
      check: async (actor, res) => {
        const paid = await f.ctx.db
          .selectFrom("coin_ledger")
          .select("id")
          .where("user_id", "=", idOf(actor)!)
          .where("limit_key", "like", "video_watch:%")
          .execute();
        const videos = body(res).videos;
        const watched = Array.isArray(videos)
          ? videos.reduce((n, v) => n + Number(body(v).paidWatches), 0)
          : -1;
        expect(watched).toBe(paid.length);
      },
    },

    "GET /api/me/stats": {
      request: () => ({ path: "/api/me/stats" }),
      expect: signedIn(200),
      // The last 30 days are the actor's own: today's coins by channel sum to the actor's positive rows of today.
      check: async (actor, res) => {
        const days = body(res).days;
        expect(Array.isArray(days) && days.length).toBe(30);
        const today = Array.isArray(days) ? body(body(days[29]).earned) : {};
        const rows = await f.ctx.db
          .selectFrom("coin_ledger")
          .select("amount")
          .where("user_id", "=", idOf(actor)!)
          .where("amount", ">", 0)
          .where("kind", "not in", ["redemption", "redemption_refund"])
          .where("created_at", ">=", new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`))
          .execute();
        const shown = Object.values(today).reduce((n: number, v) => n + Number(v), 0);
        expect(shown).toBe(rows.reduce((n, r) => n + r.amount, 0));
      },
    },

    "GET /api/streak": {
      request: () => ({ path: "/api/streak" }),
      expect: signedIn(200),
      // Today's coins are the actor's own: the owner earned through the fixtures, the other user did not.
      check: async (actor, res) => {
        const rows = await f.ctx.db
          .selectFrom("coin_ledger")
          .select("amount")
          .where("user_id", "=", idOf(actor)!)
          .where("kind", "in", ["ttt_win", "quiz_correct", "quiz_bonus", "video_watch"])
          .where("created_at", ">=", new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`))
          .execute();
        expect(body(body(res).today).coins).toBe(rows.reduce((n, r) => n + r.amount, 0));
      },
    },

    "GET /api/games/tic-tac-toe/current": {
      request: () => ({ path: "/api/games/tic-tac-toe/current" }),
      expect: signedIn(200),
      check: (actor, res) => {
        const game = body(body(res).game);
        if (actor.role === "owner") expect(game.id).toBe(f.a.gameId);
        else expect(game.id).not.toBe(f.a.gameId);
      },
    },
    "POST /api/games/tic-tac-toe/{gameId}/moves": {
      request: () => post(`/api/games/tic-tac-toe/${f.a.gameId}/moves`, { cell: 4 }),
      expect: { guest: 401, other: 404, owner: 200 },
    },
    // After the move: the owner's new game abandons the one above.
    "POST /api/games/tic-tac-toe": { request: () => post("/api/games/tic-tac-toe"), expect: signedIn(201) },

    "GET /api/quizzes": { request: () => ({ path: "/api/quizzes" }), expect: same(200) },
    "GET /api/quizzes/today": {
      request: () => ({ path: "/api/quizzes/today" }),
      expect: same(200),
      // 'new' is the actor's own: a quiz the actor never started a round of (the owner played General Knowledge
      // in the fixtures), and never for a guest.
      check: async (actor, res) => {
        const mine = actor.user
          ? await f.ctx.db
              .selectFrom("quiz_sessions")
              .select("quiz_id")
              .distinct()
              .where("user_id", "=", actor.user.id)
              .execute()
          : [];
        const played = new Set(mine.map((r) => r.quiz_id));
        const listed = Array.isArray(body(res).quizzes) ? (body(res).quizzes as { id: string }[]) : [];
        // The featured ones are those live when the actor asks (the console's rows retire one later).
        expect(listed.length).toBeGreaterThan(0);
        expect(listed).toEqual(listed.map(({ id }) => ({ id, new: actor.user !== null && !played.has(id) })));
        if (actor.role === "owner") expect(listed).toContainEqual({ id: "general", new: false });
      },
    },
    "POST /api/quizzes/sessions/{sessionId}/answers": {
      request: () =>
        post(`/api/quizzes/sessions/${f.a.quizSessionId}/answers`, { questionId: f.questionId, option: 0 }),
      expect: { guest: 404, other: 404, owner: 200 },
    },
    "POST /api/quizzes/{quizId}/sessions": {
      request: () => post("/api/quizzes/general/sessions"),
      expect: same(201),
    },

    // The account page: every request names the owner's session, submission or password.
    "GET /api/account/sessions": {
      request: () => ({ path: "/api/account/sessions" }),
      expect: signedIn(200),
      check: async (actor, res) => {
        const mine = await f.ctx.db
          .selectFrom("session")
          .select("id")
          .where("userId", "=", idOf(actor)!)
          .execute();
        const listed = body(res).sessions;
        expect(Array.isArray(listed) ? listed.map((s) => body(s).id).sort() : null).toEqual(
          mine.map((s) => s.id).sort(),
        );
      },
    },
    "POST /api/account/sessions/{id}/end": {
      request: () => post(`/api/account/sessions/${f.a.spareSessionId}/end`),
      expect: { guest: 401, other: 404, owner: 200 },
    },
    "POST /api/account/sessions/end-others": {
      request: () => post("/api/account/sessions/end-others"),
      expect: signedIn(200),
    },
    "GET /api/account/export": {
      request: () => ({ path: "/api/account/export" }),
      expect: signedIn(200),
      check: (actor, res) => expect(body(body(res).user).id).toBe(idOf(actor)),
    },
    "GET /api/account/export/ledger.csv": {
      request: () => ({ path: "/api/account/export/ledger.csv" }),
      expect: signedIn(200),
    },
    "GET /api/account/export/kyc-documents": {
      request: () => ({ path: "/api/account/export/kyc-documents" }),
      expect: signedIn(200),
      check: (actor, res) => {
        const ids = (body(res).documents as unknown[]).map((d) => body(d).id);
        if (actor.role === "owner") expect(ids).toEqual([f.a.kycSubmissionId]);
        else expect(ids).not.toContain(f.a.kycSubmissionId);
      },
    },
    "POST /api/account/export/kyc-documents/{id}": {
      request: () =>
        post(`/api/account/export/kyc-documents/${f.a.kycSubmissionId}`, { password: f.owner.password }),
      expect: { guest: 401, other: 404, owner: 200 },
    },
    // The owner's own request is refused by its confirmation (the account must outlive the matrix); everyone
    // else sends the owner's password with the right confirmation and is refused by the password check.
    "POST /api/account/delete": {
      request: (actor) =>
        post("/api/account/delete", {
          password: f.owner.password,
          confirmation: actor.role === "owner" ? "delete" : "DELETE",
        }),
      expect: { guest: 401, other: 400, owner: 422 },
    },

    // Accounts: requests name the owner's address, password, session or account where they take one.
    "POST /api/auth/sign-up/email": {
      request: (actor) =>
        post("/api/auth/sign-up/email", {
          email: actor.role === "other" ? f.owner.email : uniqueEmail(),
          password: `pw-${randomUUID()}`,
        }),
      expect: same(200),
      echoes: ["email"],
    },
    "POST /api/auth/sign-in/email": {
      request: (actor) =>
        post("/api/auth/sign-in/email", {
          email: f.owner.email,
          password: actor.role === "owner" ? f.owner.password : "wrong-password",
        }),
      expect: { guest: 401, other: 401, owner: 200 },
      echoes: ["email"],
    },
    // Signed in, better-auth sends only to the session's own, unconfirmed address.
    "POST /api/auth/send-verification-email": {
      request: () => post("/api/auth/send-verification-email", { email: f.owner.email }),
      expect: { guest: 200, other: 400, owner: 400 },
    },
    "POST /api/auth/request-password-reset": {
      request: () =>
        post("/api/auth/request-password-reset", { email: f.owner.email, redirectTo: "/update-password" }),
      expect: same(200),
    },
    "POST /api/auth/reset-password": {
      request: () =>
        post("/api/auth/reset-password", { token: "not-a-token", newPassword: "new-password-1" }),
      expect: same(400),
    },
    "GET /api/auth/verify-email": { request: () => ({ path: f.a.verifyLink }), expect: same(302) },
    // The unlock link of a 'repeated sign-in attempts' mail: a token, not a session, decides what it does.
    "GET /api/auth/unlock-sign-in": {
      request: () => ({ path: "/api/auth/unlock-sign-in?token=not-a-token" }),
      expect: same(302),
    },
    "GET /api/auth/get-session": {
      request: () => ({ path: "/api/auth/get-session" }),
      expect: same(200),
      check: (actor, res) => expect(body(body(res).user).id).toBe(idOf(actor)),
    },
    "POST /api/auth/verify-password": {
      request: () => post("/api/auth/verify-password", { password: f.owner.password }),
      expect: { guest: 401, other: 400, owner: 200, admin: 400 },
    },
    "POST /api/auth/change-password": {
      request: () =>
        post("/api/auth/change-password", {
          currentPassword: f.owner.password,
          newPassword: f.owner.password,
        }),
      expect: { guest: 401, other: 400, owner: 200, admin: 400 },
      // A changed password ends every other session of the user; the owner signs in again.
      endsSession: true,
    },
    // Last: it ends the session.
    "POST /api/auth/sign-out": {
      request: () => post("/api/auth/sign-out"),
      expect: same(200),
      endsSession: true,
    },
  };
}
