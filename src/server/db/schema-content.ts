import type { ColumnType, Generated } from "kysely";
import type { QuizStatus } from "~/core/api/content";

/** The earning activities' tables: games, quizzes and videos. */

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
  /** Constant default 'General' (migration 0330). */
  category: Generated<string>;
  description: string;
  position: number;
  /** Raised by every edit of the quiz or its questions (migration 0440). */
  version: Generated<number>;
  /** 'draft' | 'published' | 'retired'; constant default 'published' (migration 0480), an import writes 'draft'. */
  status: Generated<QuizStatus>;
  /** UTC; null: at once. A published quiz is hidden from players before it (migration 0480). */
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** UTC; null: never. A published quiz is hidden from players from it on (migration 0480). */
  retire_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Coins per correct answer and the completion bonus, within the ledger's terms (migration 0490; default 10). */
  reward_per_correct: Generated<number>;
  completion_bonus: Generated<number>;
}

export interface QuizQuestionTable {
  id: string;
  quiz_id: string;
  position: number;
  text: string;
  options: string[];
  answer: string;
  /** Why the answer is right, as an imported file gave it (migration 0470); null when none was given. */
  explanation: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when an editor removes the question: it leaves the pool, rounds that drew it keep it (migration 0490). */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One question of a quiz session: its id and the order its options are shown in (indices into `options`). */
export interface QuizSessionItem {
  questionId: string;
  optionOrder: number[];
  /**
   * What the round drew (ADR 109): the question as it was when the round started. The round is graded against
   * these, whatever an editor changes meanwhile. Absent in rounds drawn before migration 0440.
   */
  text?: string;
  options?: string[];
  answer?: string;
  /** The question's explanation as drawn (null: none); absent in rounds drawn before it was kept. */
  explanation?: string | null;
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
  /** The quiz's version and name the round was drawn from (null before migration 0440). */
  quiz_version: number | null;
  quiz_name: string | null;
  /** The quiz's reward terms the round was drawn under (null before migration 0490: the kinds' amounts). */
  reward_per_correct: ColumnType<number | null, number | null | undefined, number | null>;
  completion_bonus: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** Coins a full watch pays (1 to the ledger's ceiling for a watch, src/core/coins.ts). */
  reward: Generated<number>;
  /** Paid watches a day; null: the server's EARN_VIDEO_WATCHES_PER_DAY. */
  watches_per_day: number | null;
  /** Shown to players from then on (UTC); null: at once. */
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Gone from players' lists from then on (UTC); null: never. Watches and history stay. */
  retire_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  poster_url: string | null;
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
