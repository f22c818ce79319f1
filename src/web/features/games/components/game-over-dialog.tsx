import { Button } from "~/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/web/components/ui/dialog";

export interface GameOverDialogProps {
  open: boolean;
  /** 'You Win!', 'Bot Wins!' or "It's a Draw!". */
  result: string;
  /** Said under the result, e.g. that a win paid nothing because of the daily limit. */
  note?: string | null;
  /** Play Again and closing the dialog both start a new game (docs/product.md). */
  onPlayAgain: () => void;
}

export function GameOverDialog({ open, result, note, onPlayAgain }: GameOverDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onPlayAgain();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Game Over</DialogTitle>
          <DialogDescription className="text-2xl font-bold text-foreground">{result}</DialogDescription>
        </DialogHeader>
        {note ? <p className="rounded-lg border bg-muted px-3 py-2 text-sm font-medium">{note}</p> : null}
        <DialogFooter>
          <Button onClick={onPlayAgain}>Play Again</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
