import { RotateCcw } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { GameOverDialog } from "./game-over-dialog";
import { TicTacToeBoard } from "./tic-tac-toe-board";
import { type GameMode, useTicTacToe } from "./use-tic-tac-toe";

/** Board, status line, Reset Game, the Game Over dialog and, for guests, the log-in hint (docs/product.md). */
export function TicTacToeGame({ mode }: { mode: GameMode }) {
  const game = useTicTacToe(mode);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6">
      <p role="status" aria-live="polite" className="text-2xl font-bold tracking-tight">
        {game.status}
      </p>
      <TicTacToeBoard
        board={game.board}
        winningLine={game.winningLine}
        canPlay={game.canPlay}
        onPlay={game.play}
      />
      <Button variant="outline" onClick={game.reset}>
        <RotateCcw aria-hidden="true" />
        Reset Game
      </Button>
      {mode === "guest" ? (
        <p className="rounded-xl border bg-brand-soft px-4 py-3 text-center font-medium">
          Log in to save your score and earn coins!
        </p>
      ) : null}
      <GameOverDialog
        open={game.over && !game.thinking}
        result={game.status}
        note={game.note}
        onPlayAgain={game.reset}
      />
    </div>
  );
}
