import { RotateCcw } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/web/components/ui/button";
import { TicTacToeBoard } from "./tic-tac-toe-board";
import { type GameMode, useTicTacToe } from "./use-tic-tac-toe";

// The dialog (with Radix's) is not needed to show and hydrate the board: it loads with the first move
// (docs/decisions/044-short-main-thread-tasks.md).
const loadDialog = () => import("./game-over-dialog");
const GameOverDialog = lazy(() => loadDialog().then((m) => ({ default: m.GameOverDialog })));

/** Board, status line, Reset Game, the Game Over dialog and, for guests, the log-in hint (docs/product.md). */
export function TicTacToeGame({ mode }: { mode: GameMode }) {
  const game = useTicTacToe(mode);
  // Mounted from the first game over on, so later ones open and close it as before.
  const [dialogNeeded, setDialogNeeded] = useState(false);
  if (game.over && !dialogNeeded) setDialogNeeded(true);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6">
      <p role="status" aria-live="polite" className="text-2xl font-bold tracking-tight">
        {game.status}
      </p>
      <TicTacToeBoard
        board={game.board}
        winningLine={game.winningLine}
        canPlay={game.canPlay}
        onPlay={(index) => {
          loadDialog().catch(() => {}); // a failed fetch surfaces when the dialog renders
          game.play(index);
        }}
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
      {dialogNeeded ? (
        <Suspense fallback={null}>
          <GameOverDialog
            open={game.over && !game.thinking}
            result={game.status}
            reward={game.reward}
            onPlayAgain={game.reset}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
