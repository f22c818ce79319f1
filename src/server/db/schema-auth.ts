import type { ColumnType, Generated } from "kysely";

/** The accounts' tables: better-auth's (camelCase, its defaults) and ours beside them (snake_case). */

/** A timestamp column: read as a Date, written as a Date or an ISO string. */
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
  /** The balance, in coins (the column's first name kept: docs/decisions/119-one-name-per-idea.md). */
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
  /**
   * Coins a partner's reversal could not take back because they were spent (migration 0410): repaid first by the
   * next earnings (ledger/sql/ledger-repay-debt.sql); written only by the ledger.
   */
  debt_coins: Generated<number>;
  /**
   * The coins of the earning kinds (PLAY_KINDS) in the user's ledger rows of the UTC day `play_day`: kept by the
   * award (ledger-award.sql) under its lock, read as the earning answers' coins today; migration 0210.
   */
  play_day: ColumnType<Date | null, never, never>;
  play_coins: ColumnType<number, never, never>;
  /** When the account last became an administrator (null when it is not one); migration 0170. */
  admin_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A browser (device id) the account signed in from with the right password, or that opened its unlock link. */
export interface UserDeviceTable {
  user_id: string;
  device_id: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  /** The browser's user agent when it last signed in (up to 512 characters); null when it sent none. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the browser last signed in to the account; null if it only made the account or opened an unlock link. */
  signed_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An unlock link that was used (its HMAC), kept until it expires: a link works once (ADR 064). */
export interface SignInUnlockTable {
  token_mac: string;
  user_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: Generated<Date>;
}

export interface DevMailboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** jsonb: the extra headers (List-Unsubscribe …), written as a JSON string. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, never>;
  created_at: Generated<Date>;
}

/** An unconfirmed account that a second sign-up asked for: its confirmation makes the owner choose the password. */
export interface ContestedSignUpTable {
  user_id: string;
  contested_at: Generated<Date>;
}

/** The one confirmation of an address that may sign a browser in (the first to insert it). */
export interface EmailConfirmationTable {
  user_id: string;
  confirmed_at: Generated<Date>;
}
