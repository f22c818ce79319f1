import type { ColumnType, Generated } from "kysely";

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
}

export interface UserProfileTable {
  id: string;
  points: Generated<number>;
  referral_code: string;
  referred_by: string | null;
  created_at: Generated<Date>;
}

export interface ReferralTable {
  id: Generated<number>;
  referrer_id: string;
  referred_id: string;
  created_at: Generated<Date>;
}

export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: string;
  amount: number;
  kind: string;
  reason: string;
  cause_key: string;
  created_at: Generated<Date>;
}

export interface DB {
  coin_ledger: CoinLedgerTable;
  user: UserTable;
  session: SessionTable;
  user_profiles: UserProfileTable;
  referrals: ReferralTable;
}
