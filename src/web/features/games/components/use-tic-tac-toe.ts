import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  applyMove,
  BOT_REPLY_DELAY_MS,
  type Board,
  emptyBoard,
  getOutcome,
  type Outcome,
} from "~/core/tic-tac-toe/board";
import { chooseBotMove } from "~/core/tic-tac-toe/bot";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { useEarning } from "~/web/lib/earning";
import { notify } from "~/web/lib/notify";
import { usePlayMove } from "../api/play-move";
import { useStartGame } from "../api/start-game";
import type { GameReward } from "./game-over-dialog";

/**
 * One Tic Tac Toe game (docs/product.md). Guests play against the core bot in the browser; signed-in players play on
 * the server, which answers with both moves: X shows at once, O 700 ms after the server's answer (the server
 * refuses a move sooner than that after its reply, so a person's next click always comes later). The server
 * game starts with the first click, whose move is sent 700 ms after the start's answer for the same reason.
 */

export type GameMode = "guest" | "signed-in";

export type StatusText = "Your turn (X)" | "Bot is thinking..." | "You Win!" | "Bot Wins!" | "It's a Draw!";

export function statusText(outcome: Outcome, thinking: boolean): StatusText {
  if (outcome.status === "won") return outcome.winner === "X" ? "You Win!" : "Bot Wins!";
  if (outcome.status === "draw") return "It's a Draw!";
  return thinking ? "Bot is thinking..." : "Your turn (X)";
}

/** What a game's server play reads and changes of the game's state (useTicTacToe's). */
interface GameState {
  /** Bumped by every reset, so answers and timers of an earlier game are dropped. */
  generation: RefObject<number>;
  timer: RefObject<ReturnType<typeof setTimeout> | undefined>;
  /** The server game of a signed-in player; null until the first move starts one. */
  serverGame: RefObject<{ id: string; version: number } | null>;
  setBoard: (board: Board) => void;
  setThinking: (thinking: boolean) => void;
  setPaid: (paid: GameReward | null) => void;
  reset: () => void;
}

/**
 * A signed-in player's move on the server: the game starts with the first one; the answer holds both moves, X
 * shown at once, O BOT_REPLY_DELAY_MS later; a refused move is taken back (or the game starts over).
 */
function useServerPlay(state: GameState) {
  const { generation, timer, serverGame, setBoard, setThinking, setPaid, reset } = state;
  const startGame = useStartGame();
  const playMove = usePlayMove();
  const { settle, fail } = useEarning();

  return async function playOnServer(before: Board, cell: number, botWillReply: boolean) {
    const current = generation.current;
    if (botWillReply) setThinking(true);
    try {
      if (!serverGame.current) {
        const game = await startGame.mutateAsync();
        if (current !== generation.current) return;
        serverGame.current = { id: game.id, version: game.version };
        // The server paces the first move from the game's start as it paces the others from its replies.
        await new Promise((resolve) => setTimeout(resolve, BOT_REPLY_DELAY_MS));
        if (current !== generation.current) return;
      }
      const { id, version } = serverGame.current;
      const result = await playMove.mutateAsync({ gameId: id, cell, version });
      // The coins are the user's even if they already started the next game.
      if (result.game.status === "won") settle(result.earned);
      if (current !== generation.current) return;
      if (result.unpaidReason === "daily-limit") setPaid({ kind: "daily-limit" });
      else if (result.earned && result.earned.amount > 0)
        setPaid({
          kind: "paid",
          coins: result.earned.amount,
          balance: result.earned.balance,
          ...(result.earned.streakBonus ? { streakBonus: result.earned.streakBonus } : {}),
        });
      serverGame.current = { id: result.game.id, version: result.game.version };
      const show = () => {
        if (current !== generation.current) return;
        setBoard(result.game.board);
        setThinking(false);
      };
      if (result.moves.bot === null) show();
      // Counted from the server's answer, as the server counts from its reply.
      else timer.current = setTimeout(show, BOT_REPLY_DELAY_MS);
    } catch (error) {
      if (current !== generation.current) return;
      setThinking(false);
      if (error instanceof ApiError && error.code === "LOGIN_REQUIRED") {
        setBoard(before);
        fail(error);
      } else if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        // The stored game moved on (another tab, a replay): start over from a fresh game.
        reset();
        notify({
          title: "Error",
          description: error.message,
          variant: "destructive",
          reference: referenceOf(error),
        });
      } else {
        setBoard(before);
        notify({
          title: "Error",
          description: error instanceof Error ? error.message : "Could not play that move.",
          reference: referenceOf(error),
          variant: "destructive",
        });
      }
    }
  };
}

export function useTicTacToe(mode: GameMode) {
  const [board, setBoard] = useState<Board>(emptyBoard);
  const [thinking, setThinking] = useState(false);
  /** What the last signed-in win paid (or that the daily limit left it unpaid). */
  const [paid, setPaid] = useState<GameReward | null>(null);
  /** The server game of a signed-in player; null until the first move starts one. */
  const serverGame = useRef<{ id: string; version: number } | null>(null);
  /** Bumped by every reset, so answers and timers of an earlier game are dropped. */
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const outcome = getOutcome(board);
  const over = outcome.status !== "playing";

  const reset = useCallback(() => {
    generation.current += 1;
    clearTimeout(timer.current);
    serverGame.current = null;
    setBoard(emptyBoard());
    setThinking(false);
    setPaid(null);
  }, []);

  const playOnServer = useServerPlay({
    generation,
    timer,
    serverGame,
    setBoard,
    setThinking,
    setPaid,
    reset,
  });

  const canPlay = (cell: number) =>
    !thinking && outcome.status === "playing" && outcome.next === "X" && board[cell] === null;

  function botReplyLater() {
    const current = generation.current;
    setThinking(true);
    timer.current = setTimeout(() => {
      if (current !== generation.current) return;
      setBoard((b) => applyMove(b, chooseBotMove(b, Math.random), "O"));
      setThinking(false);
    }, BOT_REPLY_DELAY_MS);
  }

  function play(cell: number) {
    if (!canPlay(cell)) return;
    const afterX = applyMove(board, cell, "X");
    const botWillReply = getOutcome(afterX).status === "playing";
    setBoard(afterX);
    if (mode === "signed-in") void playOnServer(board, cell, botWillReply);
    else if (botWillReply) botReplyLater();
  }

  return {
    board,
    outcome,
    thinking,
    over,
    status: statusText(outcome, thinking),
    /** What the Game Over dialog shows about coins: a guest's win invites sign-up. */
    reward:
      outcome.status === "won" && outcome.winner === "X"
        ? mode === "guest"
          ? ({ kind: "guest" } as const)
          : paid
        : null,
    winningLine: outcome.status === "won" ? outcome.line : null,
    canPlay,
    play,
    reset,
  };
}
