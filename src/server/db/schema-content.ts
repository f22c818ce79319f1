import type { ColumnType, Generated } from "kysely";

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
