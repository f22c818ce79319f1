import type { Allowance } from "~/core/api/earning";
import { rewards } from "~/core/coins";
import { QUESTIONS_PER_QUIZ, QUIZ_BONUS_COINS, QUIZ_CORRECT_COINS } from "~/core/quiz/scoring";

/** The one next step the dashboard suggests: the channel with the most coins left today, per minute played. */
export interface NextAction {
  label: string;
  /** Where the link goes: a page of docs/product.md's route table, or null when nothing pays more today. */
  href: "/quizzes" | "/videos" | "/games/tic-tac-toe" | null;
}

const QUIZ_SESSION_COINS = QUESTIONS_PER_QUIZ * QUIZ_CORRECT_COINS + QUIZ_BONUS_COINS;
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/**
 * A paid quiz round left unfinished comes first: 'Resume: 2 of 10 answered' (docs/product.md, "Quizzes"). Then
 * 'Play a quiz: 110 coins left today'. Quizzes first (the most coins for the time), then videos, then Tic Tac Toe;
 * when every paid action of the day is used, it says so.
 */
export function nextAction(a: Allowance): NextAction {
  const round = a.quizzes.find((q) => q.round !== null)?.round;
  if (round) return { label: `Resume: ${round.answered} of ${round.total} answered`, href: "/quizzes" };
  const quizCoins = sum(a.quizzes.map((q) => q.left)) * QUIZ_SESSION_COINS;
  if (quizCoins > 0) return { label: `Play a quiz: ${quizCoins} coins left today`, href: "/quizzes" };
  const videoCoins = sum(a.videos.map((v) => v.left)) * rewards.video_watch.amount;
  if (videoCoins > 0) return { label: `Watch a video: ${videoCoins} coins left today`, href: "/videos" };
  const winCoins = a.ticTacToe.left * rewards.ttt_win.amount;
  if (winCoins > 0)
    return { label: `Play Tic Tac Toe: ${winCoins} coins left today`, href: "/games/tic-tac-toe" };
  return { label: "You have earned everything today pays. Come back tomorrow (midnight UTC).", href: null };
}
