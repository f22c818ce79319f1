/** The database as Kysely sees it, every table by name; the tables' types live beside it in schema-*.ts, by area. */

import type {
  AdminProposalTable,
  AuditLogTable,
  JobTable,
  KycDocumentTable,
  KycSubmissionTable,
} from "./schema-admin";
import type {
  AccountTable,
  ContestedSignUpTable,
  DevMailboxTable,
  EmailConfirmationTable,
  SessionTable,
  SignInUnlockTable,
  UserDeviceTable,
  UserProfileTable,
  UserTable,
  VerificationTable,
} from "./schema-auth";
import type {
  GameTable,
  QuizAnswerTable,
  QuizQuestionTable,
  QuizSessionTable,
  QuizTable,
  VideoTable,
  VideoWatchTable,
} from "./schema-content";
import type {
  CoinLedgerTable,
  LedgerAllowanceTable,
  LedgerEventConsumptionTable,
  LedgerEventTable,
  RedemptionTable,
  ReferralTable,
} from "./schema-ledger";
import type { MessageSettingsTable, MessageTable, PlayerActivityTable } from "./schema-messages";
import type {
  CoinDebtTable,
  PartnerCreditTable,
  PartnerPlayerIdTable,
  PartnerTable,
} from "./schema-partners";
import type {
  RollupDayTable,
  RollupEarnerTable,
  RollupLedgerDayTable,
  RollupPartnerDayTable,
} from "./schema-rollups";
import type { StreakCheckpointTable } from "./schema-streaks";

export type {
  AdminProposalTable,
  AuditLogTable,
  JobStatus,
  JobTable,
  KycDocumentTable,
  KycStatusValue,
  KycSubmissionTable,
} from "./schema-admin";
export type {
  AccountTable,
  ContestedSignUpTable,
  DevMailboxTable,
  EmailConfirmationTable,
  SessionTable,
  SignInUnlockTable,
  UserDeviceTable,
  UserProfileTable,
  UserTable,
  VerificationTable,
} from "./schema-auth";
export type {
  GameStatus,
  GameTable,
  QuizAnswerTable,
  QuizQuestionTable,
  QuizSessionItem,
  QuizSessionTable,
  QuizTable,
  VideoTable,
  VideoWatchTable,
} from "./schema-content";
export type {
  CoinLedgerTable,
  LedgerAllowanceTable,
  LedgerEventConsumptionTable,
  LedgerEventTable,
  RedemptionStatus,
  RedemptionTable,
  ReferralTable,
} from "./schema-ledger";

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
  rollup_ledger_days: RollupLedgerDayTable;
  rollup_days: RollupDayTable;
  rollup_earners: RollupEarnerTable;
  rollup_partner_days: RollupPartnerDayTable;
  streak_checkpoints: StreakCheckpointTable;
  user_devices: UserDeviceTable;
  sign_in_unlocks: SignInUnlockTable;
  contested_sign_ups: ContestedSignUpTable;
  email_confirmations: EmailConfirmationTable;
  referrals: ReferralTable;
  dev_mailbox: DevMailboxTable;
  quizzes: QuizTable;
  quiz_questions: QuizQuestionTable;
  quiz_sessions: QuizSessionTable;
  quiz_answers: QuizAnswerTable;
  videos: VideoTable;
  video_watches: VideoWatchTable;
  partners: PartnerTable;
  partner_player_ids: PartnerPlayerIdTable;
  partner_credits: PartnerCreditTable;
  coin_debts: CoinDebtTable;
  message_settings: MessageSettingsTable;
  messages: MessageTable;
  player_activity: PlayerActivityTable;
}
