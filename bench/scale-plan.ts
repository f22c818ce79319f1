/**
 * The shape of the database `npm run bench:scale` loads (bench/scale-load.ts), in one place: how many rows of
 * each kind a size means and how a user's earnings fall on days, so that every daily limit holds by construction.
 *
 * A user's earning rows are numbered k = 0 … n−1. Row k falls on day (offset + k) mod 90 (0 = today) and takes the
 * slot ⌊k / 90⌋ of that day, turned by a per-user, per-day rotation: a day's rows are then distinct slots of the
 * day's SLOTS (20 Tic Tac Toe wins, each quiz's 10 answers and its bonus, each video once), so no day of any user
 * goes over a limit (20 wins, one paid session per quiz, one paid watch per video), and every cause key is unique.
 */

export const DAYS = 90;
export const TTT_SLOTS = 20;
export const QUIZZES = ["general", "history", "science"] as const;
/** Rows a paid quiz session can make: 10 right answers and the completion bonus. */
export const QUIZ_SLOTS = 11;
export const VIDEOS = ["tutorial-get-started", "exciting-new-content", "community-highlights"] as const;
export const SLOTS = TTT_SLOTS + QUIZZES.length * QUIZ_SLOTS + VIDEOS.length;
/** The most earning rows one user can have in 90 days within the limits. */
export const MAX_ROWS_PER_USER = DAYS * SLOTS;

/** The default size: the business. */
export const DEFAULT_USERS = 1_000_000;
export const DEFAULT_LEDGER_ROWS = 20_000_000;

export interface ScaleSize {
  users: number;
  /** Earning rows aimed at (the loaded count is reported: the distribution makes it approximate). */
  ledgerRows: number;
}

/** The other tables, in proportion to the users (the default size's figures at 1 000 000 users). */
export function proportions(size: ScaleSize) {
  const per = size.users / DEFAULT_USERS;
  return {
    /** Users with the real hasher's password hash, who sign in during the bench (the heaviest earners). */
    benchPlayers: 5,
    admins: 3,
    redemptions: Math.max(20, Math.round(50_000 * per)),
    /** Redemptions still waiting in the queue. */
    openRedemptions: Math.max(5, Math.round(100 * Math.min(1, per * 10))),
    kyc: Math.max(20, Math.round(20_000 * per)),
    audit: Math.max(200, Math.round(500_000 * per)),
    /** One user in ten joined with a friend's code. */
    referredEvery: 10,
  };
}

/**
 * Earning rows per user: a Pareto tail (α = 1.5, mean 1) times the mean, at least 1, at most MAX_ROWS_PER_USER;
 * `u` is a uniform random number in [0, 1). Most players earn a little, a few earn every day up to the limits.
 * The 5 % boost makes up for the rows the cap cuts off the tail, so the total lands near `ledgerRows`.
 */
export function rowsPerUserSql(size: ScaleSize, u: string): string {
  const mean = (size.ledgerRows / size.users) * 1.05;
  return `least(${MAX_ROWS_PER_USER}, greatest(1, floor(${mean} / 3 * power(1 - ${u}, -1 / 1.5))))::int`;
}
