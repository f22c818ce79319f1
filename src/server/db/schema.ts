import type { ColumnType, Generated } from "kysely";
import type { ReferralBonusState } from "~/core/referrals";

/** Column types of every table, better-auth's (camelCase, its defaults) and ours (snake_case). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** better-auth's admin plugin: 'user' or 'admin'. */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  banned: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  banReason: ColumnType<string | null, string | null | undefined, string | null>;
  banExpires: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refreshTokenExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserProfileTable {
  id: string;
  points: Generated<number>;
  referral_code: string;
  referred_by: string | null;
  /** The client address the account signed up from (TRUST_PROXY respected). */
  signup_ip: string | null;
  /** The device id (`ple_device` cookie) of the browser that signed up; the referral review compares it. */
  signup_device: string | null;
  created_at: Generated<Date>;
  /** When the account was deleted (anonymised; docs/product.md "Deleting the account"), else null. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Coins recorded but not yet in `points` (a referral pair while it clears); written only by the ledger. */
  pending_points: Generated<number>;
  /** When the account last became an administrator (null when it is not one); migration 0170. */
  admin_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The award's outbox: one 'paid' row per paid award (written only by ledger_award; migration 0190). */
export interface LedgerEventTable {
  entry_id: ColumnType<string, never, never>;
  user_id: ColumnType<string, never, never>;
  kind: ColumnType<string, never, never>;
  amount: ColumnType<number, never, never>;
  created_at: ColumnType<Date, never, never>;
}

/** Which consumer handled which event (src/server/ledger/ledger-events.ts). */
export interface LedgerEventConsumptionTable {
  entry_id: string | number;
  consumer: string;
  consumed_at: Generated<Date>;
}

/** What a daily allowance has used (written only by the SQL function ledger_award; migration 0160). */
export interface LedgerAllowanceTable {
  user_id: string;
  limit_key: string;
  day: ColumnType<Date, never, never>;
  used: number;
}

/** A browser (device id) the account signed in from with the right password, or that opened its unlock link. */
export interface UserDeviceTable {
  user_id: string;
  device_id: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  /** The browser's user agent when it last signed in (up to 512 characters); null when it sent none. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An unlock link that was used (its HMAC), kept until it expires: a link works once (ADR 064). */
export interface SignInUnlockTable {
  token_mac: string;
  user_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: Generated<Date>;
}

export interface ReferralTable {
  id: Generated<number>;
  referrer_id: string;
  referred_id: string;
  created_at: Generated<Date>;
  /**
   * pending until the friend's first earning; then clearing (the pair recorded as pending coins) until released
   * by the release job (paid), or held for review (released or declined later).
   */
  bonus_status: Generated<ReferralBonusState>;
  /**
   * Whether the referrer's half is part of the pair: false when the referrer's 30-day limit was reached (decided
   * when the pair is recorded, or when a held pair is released).
   */
  referrer_paid: Generated<boolean>;
  /** When the pair was recorded as pending (the friend's first earning). */
  recorded_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: string;
  amount: number;
  kind: string;
  reason: string;
  cause_key: string;
  /** The allowance this row counts against (`ttt_win:2026-11-23`), or null for unlimited kinds. */
  limit_key: string | null;
  created_at: Generated<Date>;
  /**
   * The history line the row belongs to (migration 0200, generated from kind and cause key): `quiz:<session>` for
   * a quiz session's rows, null for a row that is a line of its own. Never written.
   */
  group_key: ColumnType<string | null, never, never>;
}

export interface DevMailboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Generated<Date>;
}

export type GameStatus = "open" | "won" | "lost" | "draw" | "abandoned";

export interface GameTable {
  id: Generated<string>;
  user_id: string;
  /** Nine characters, row by row: 'X', 'O' or '-'. */
  board: Generated<string>;
  status: Generated<GameStatus>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
  /** When the server last answered a move of this game (null before the first). */
  replied_at: Date | null;
  /** Set on a won game that was decided not to pay ('daily-limit'). */
  unpaid_reason: "daily-limit" | null;
}

export interface QuizTable {
  id: string;
  name: string;
  icon: string;
  description: string;
  position: number;
}

export interface QuizQuestionTable {
  id: string;
  quiz_id: string;
  position: number;
  text: string;
  options: string[];
  answer: string;
}

/** One question of a quiz session: its id and the order its options are shown in (indices into `options`). */
export interface QuizSessionItem {
  questionId: string;
  optionOrder: number[];
}

export interface QuizSessionTable {
  id: string;
  quiz_id: string;
  user_id: string | null;
  /** jsonb; written as a JSON string. */
  items: ColumnType<QuizSessionItem[], string, string>;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A signed-in session past the day's paid sessions of its quiz: graded, pays nothing. */
  practice: Generated<boolean>;
  paid_day: string | null;
  paid_slot: number | null;
}

export interface VideoTable {
  id: string;
  title: string;
  description: string;
  duration_seconds: number;
  /** Our /media/videos/… file, or an external (CDN) URL an operator set. */
  source_url: string;
  source_type: Generated<string>;
  captions_url: string | null;
  position: number;
}

export interface VideoWatchTable {
  id: Generated<string>;
  user_id: string;
  video_id: string;
  started_at: Generated<Date>;
  completed_at: Date | null;
}

export interface QuizAnswerTable {
  session_id: string;
  question_id: string;
  chosen: string;
  correct: boolean;
  answered_at: Generated<Date>;
}

export type JobStatus = "queued" | "running" | "done" | "failed";

export interface JobTable {
  id: Generated<number>;
  queue: string;
  /** jsonb; written as a JSON string. */
  payload: ColumnType<unknown, string, string>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type RedemptionStatus = "pending" | "approved" | "paid" | "rejected" | "cancelled" | "failed";

export interface RedemptionTable {
  id: Generated<number>;
  user_id: string;
  coins: number;
  cents: number;
  method: "paypal" | "gift_card";
  recipient: string;
  status: Generated<RedemptionStatus>;
  provider: "manual" | "tremendous" | null;
  payout_attempt: Generated<number>;
  provider_reference: string | null;
  reason: string | null;
  decided_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type KycStatusValue = "pending" | "approved" | "rejected";

/** The KYC decision record; it stays after the document's bytes are deleted (see kyc_documents). */
export interface KycSubmissionTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<KycStatusValue>;
  full_name: string;
  /** The document id sealed with AES-256-GCM (src/server/kyc/kyc-crypto.ts); only administrators see it opened. */
  document_id_sealed: Uint8Array;
  /** What the submitter sees of the document id, e.g. `••••1234`. */
  document_id_hint: string;
  /** HMAC-SHA256 of the normalised document number (kyc-crypto.ts); null for submissions made before it existed. */
  document_number_hash: Uint8Array | null;
  /** The version of the key the hash was made with (DOCUMENT_NUMBER_KEY_VERSION); null: older, re-keyed at start-up. */
  document_number_key_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sniffed from the file's content: image/jpeg, image/png, image/webp or application/pdf. */
  document_type: string;
  document_size: number;
  reason: string | null;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the retention job deleted the document's bytes. */
  document_deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** The uploaded document, sealed with AES-256-GCM; deleted by the retention job, the submission stays. */
export interface KycDocumentTable {
  submission_id: string;
  content: Uint8Array;
  created_at: Generated<Date>;
}

/** Append-only (a trigger refuses UPDATE and DELETE): written only by src/server/audit/audit.service.ts. */
export interface AuditLogTable {
  id: Generated<number>;
  /** The administrator, or null for the system (ADMIN_EMAILS, the CLI). */
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  /** jsonb; written as a JSON string. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  request_id: string | null;
  created_at: Generated<Date>;
}

/** A dual-control proposal (docs/decisions/056): a large movement waiting for a second administrator. */
export interface AdminProposalTable {
  id: Generated<number>;
  kind: "coins.adjust" | "redemption.approve" | "role.change";
  status: Generated<"proposed" | "approved" | "withdrawn">;
  /** Whose coins (the adjusted user, or the redemption's owner). */
  user_id: string;
  /** Coins: the adjustment (+/−) or the redemption's coins. */
  amount: number;
  adjustment_id: string | null;
  redemption_id: number | null;
  reason: string | null;
  proposed_by: string;
  proposed_at: Generated<Date>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decision_reason: string | null;
  /** A role change's new role ('admin' or 'user'); null for the other kinds. */
  role: "admin" | "user" | null;
}

export interface DB {
  admin_proposals: AdminProposalTable;
  jobs: JobTable;
  audit_log: AuditLogTable;
  redemptions: RedemptionTable;
  kyc_submissions: KycSubmissionTable;
  kyc_documents: KycDocumentTable;
  coin_ledger: CoinLedgerTable;
  games: GameTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  user_profiles: UserProfileTable;
  ledger_allowances: LedgerAllowanceTable;
  ledger_events: LedgerEventTable;
  ledger_event_consumptions: LedgerEventConsumptionTable;
  user_devices: UserDeviceTable;
  sign_in_unlocks: SignInUnlockTable;
  referrals: ReferralTable;
  dev_mailbox: DevMailboxTable;
  quizzes: QuizTable;
  quiz_questions: QuizQuestionTable;
  quiz_sessions: QuizSessionTable;
  quiz_answers: QuizAnswerTable;
  videos: VideoTable;
  video_watches: VideoWatchTable;
}
