import type { z } from "zod";
import type { ErrorCode } from "~/core/error-codes";
import { signUpExtras } from "../auth/auth.routes";
import { credentialsSchema } from "../auth/auth-request";
import type { SessionNeed } from "./build-document";

/**
 * Words for the OpenAPI document that code cannot tell: a summary, the success answer, and the errors a
 * handler answers by itself. Schemas, guards, parameters and the errors they imply come from the routes
 * (route-docs.ts); nothing here repeats them. Keys are `METHOD /path` as in the document.
 */
export interface OperationNote {
  tag?: string;
  summary: string;
  description?: string;
  success?: { status: number; description: string };
  /** Catalogue codes, or `"<status> <CODE>"` for better-auth's codes. */
  errors?: (ErrorCode | `${number} ${string}`)[];
  /** 429 RATE_LIMITED with Retry-After past a per-IP, per-address or per-user limit. */
  rateLimited?: boolean;
  /** The body schema of a handler that parses its body itself instead of through `jsonBody`. */
  body?: z.ZodType;
  /** Who may call a better-auth endpoint that checks the session inside its handler (not by middleware). */
  session?: SessionNeed;
}

export const operationNotes: Record<string, OperationNote> = {
  "GET /api/health": {
    summary: "Health check",
    description: "Answers after one database round trip.",
    success: { status: 200, description: '`{ status: "ok" }`' },
  },
  "POST /api/games/tic-tac-toe": {
    summary: "Start a Tic Tac Toe game",
    description: "Abandons the open game, if any (ADR 005). Guests play in the browser instead.",
    success: { status: 201, description: "`{ game: GameView }`" },
  },
  "GET /api/games/tic-tac-toe/current": {
    summary: "The open Tic Tac Toe game",
    success: { status: 200, description: "`{ game: GameView | null }`" },
  },
  "POST /api/games/tic-tac-toe/{gameId}/moves": {
    summary: "Play a move; the bot replies",
    description:
      "`version` makes a stale move fail with 409; a move sooner than 700 ms after the bot's reply fails with 429. A win pays coins once per game, within the day's paid wins.",
    success: {
      status: 200,
      description: "`{ game: GameView, moves: { player, bot }, earned: Earned | null, unpaidReason }`",
    },
    errors: ["NOT_FOUND", "CONFLICT", "MOVE_TOO_SOON"],
  },
  "POST /api/auth/sign-up/email": {
    tag: "Auth",
    summary: "Register with email and password",
    description:
      "Also answers 200 for an address that is already registered (nothing happens then). A confirmation mail follows.",
    success: {
      status: 200,
      description: '`{ token: null, user, referral: "applied" | "invalid" | "none" }`',
    },
    errors: ["MISSING_CREDENTIALS", "400 INVALID_EMAIL", "400 PASSWORD_TOO_SHORT", "400 PASSWORD_TOO_LONG"],
    rateLimited: true,
    body: credentialsSchema.extend(signUpExtras.shape),
  },
  "POST /api/auth/sign-in/email": {
    tag: "Auth",
    summary: "Log in with email and password",
    success: { status: 200, description: "`{ redirect: false, token, user }` and the session cookie" },
    errors: ["MISSING_CREDENTIALS", "401 INVALID_EMAIL_OR_PASSWORD", "EMAIL_NOT_VERIFIED"],
    rateLimited: true,
  },
  "POST /api/auth/send-verification-email": {
    tag: "Auth",
    summary: "Send a new confirmation link",
    success: { status: 200, description: "`{ status: true }`, also for unknown or confirmed addresses" },
    rateLimited: true,
  },
  "POST /api/auth/request-password-reset": {
    tag: "Auth",
    summary: "Send a password-reset mail",
    success: { status: 200, description: "`{ status: true, message }`, also for unknown addresses" },
    rateLimited: true,
  },
  "GET /api/auth/verify-email": {
    tag: "Auth",
    summary: "Follow a confirmation link",
    success: {
      status: 302,
      description:
        "Redirects to `/auth?verified=1` or `/auth?verifyError=TOKEN_EXPIRED|INVALID_TOKEN|USER_NOT_FOUND`",
    },
  },
  "GET /api/auth/get-session": {
    tag: "Auth",
    summary: "The current session",
    success: { status: 200, description: "`{ session, user }`, or `null` without a session" },
    session: "optional",
  },
  "POST /api/auth/sign-out": {
    tag: "Auth",
    summary: "Log out",
    success: { status: 200, description: "`{ success: true }`; the cookie is cleared" },
  },
  "POST /api/auth/reset-password": {
    tag: "Auth",
    summary: "Set a new password with the token of a reset mail",
    description: "Every session of the user is revoked.",
    success: { status: 200, description: "`{ status: true }`" },
    errors: ["400 INVALID_TOKEN", "400 PASSWORD_TOO_SHORT", "400 PASSWORD_TOO_LONG", "INVALID_TEXT"],
  },
  "GET /api/auth/account-info": {
    tag: "Auth",
    summary: "The account info provided by the provider",
    session: "user",
  },
  "POST /api/auth/get-access-token": {
    tag: "Auth",
    summary: "A valid access token of a linked provider account",
    session: "user",
  },
  "POST /api/auth/refresh-token": {
    tag: "Auth",
    summary: "Refresh a provider account's access token",
    session: "user",
  },
  "GET /api/me": {
    tag: "Profile",
    summary: "The signed-in user and their profile",
    success: { status: 200, description: "`{ user: { id, email }, profile: { points, referralCode } }`" },
    errors: ["NOT_FOUND"],
  },
  "GET /api/ledger/balance": {
    summary: "The coin balance",
    success: { status: 200, description: "`{ balance }`" },
  },
  "GET /api/ledger/transactions": {
    summary: "The coin history, newest first",
    description: "Pass `nextCursor` as `before` for the next page.",
    success: { status: 200, description: "`{ entries: LedgerEntry[], nextCursor: number | null }`" },
  },
  "GET /api/videos": {
    summary: "The video catalogue",
    success: { status: 200, description: "`{ videos: VideoView[] }`" },
  },
  "POST /api/videos/{videoId}/watches": {
    summary: "Start watching a video",
    description:
      "Starts the server's clock for this watch; it pays when completed after the video's duration.",
    success: { status: 201, description: "`{ watch: WatchView }`" },
    errors: ["NOT_FOUND"],
    rateLimited: true,
  },
  "POST /api/videos/watches/{watchId}/complete": {
    summary: "Report that the video played to its end (earn 10 coins)",
    description:
      "Pays once per watch, only when the video's duration minus 2 s has passed since the watch started, and at most EARN_VIDEO_WATCHES_PER_DAY times per video per UTC day.",
    success: { status: 200, description: "`{ earned: Earned | null, unpaidReason }`" },
  },
  "GET /api/earning/allowance": {
    summary: "Today's earning allowance",
    description: "Paid wins left, paid quiz sessions and video watches today, the limits and the next reset.",
    success: { status: 200, description: "Allowance" },
  },
  "GET /api/quizzes": {
    summary: "The quizzes",
    success: { status: 200, description: "`{ quizzes: QuizSummary[] }`" },
  },
  "POST /api/quizzes/{quizId}/sessions": {
    summary: "Start a quiz session",
    description:
      "Guests play too (a few sessions per address per hour); only a signed-in user with a confirmed address is paid, in one session per quiz per UTC day (later ones are practice).",
    success: { status: 201, description: "QuizSessionView (questions in a shuffled order, without answers)" },
    rateLimited: true,
  },
  "POST /api/quizzes/sessions/{sessionId}/answers": {
    summary: "Answer a question of a session",
    success: { status: 200, description: "AnswerResult" },
    errors: ["NOT_FOUND", "CONFLICT"],
  },
  "GET /api/referrals": {
    summary: "The referral code, link and referred friends",
    success: { status: 200, description: "ReferralsView `{ code, link, friends }`" },
  },
  "GET /api/openapi.json": {
    tag: "Reference",
    summary: "This document",
    success: { status: 200, description: "OpenAPI 3.1 JSON" },
  },
  "GET /api/docs": {
    tag: "Reference",
    summary: "This document as a readable page",
    success: { status: 200, description: "HTML" },
  },
  "GET /api/docs.css": {
    tag: "Reference",
    summary: "The reference page's stylesheet",
    success: { status: 200, description: "CSS" },
  },
};
