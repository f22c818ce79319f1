import { rewards } from "~/core/coins";
import { SignUpInvite } from "~/web/components/sign-up-invite";
import { Button } from "~/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/web/components/ui/dialog";

/** What a finished game paid, as the Game Over dialog shows it (docs/product.md, "Reward moments"). */
export type GameReward =
  | { kind: "paid"; coins: number; balance: number; streakBonus?: { amount: number; milestone: number } }
  | { kind: "daily-limit" }
  /** A guest's win: it would have paid an account. */
  | { kind: "guest" };

/** What the dialog says when a win paid nothing because the day's paid wins are used up. */
export const DAILY_LIMIT_NOTE = "Daily win limit reached: no coins for this one";

export interface GameOverDialogProps {
  open: boolean;
  /** 'You Win!', 'Bot Wins!' or "It's a Draw!". */
  result: string;
  /** What the game paid (wins only); null for a loss or a draw. */
  reward?: GameReward | null;
  /** Play Again and closing the dialog both start a new game (docs/product.md). */
  onPlayAgain: () => void;
}

function Reward({ reward }: { reward: GameReward }) {
  if (reward.kind === "guest") return <SignUpInvite what="This win" coins={rewards.ttt_win.amount} />;
  if (reward.kind === "daily-limit")
    return (
      <p className="rounded-lg border bg-muted px-3 py-2 text-sm font-medium">
        {DAILY_LIMIT_NOTE}
        <span className="block font-normal text-muted-foreground">
          Wins pay again tomorrow (midnight UTC).
        </span>
      </p>
    );
  return (
    <div className="flex flex-col items-center gap-1 rounded-lg border bg-brand-soft px-3 py-3 text-center">
      <p className="text-3xl font-extrabold tabular-nums text-brand">{`+${reward.coins} coins`}</p>
      {reward.streakBonus ? (
        <p className="font-semibold">{`+${reward.streakBonus.amount} coins streak bonus: ${reward.streakBonus.milestone} days in a row`}</p>
      ) : null}
      <p className="text-sm text-muted-foreground">{`Balance: ${reward.balance} coins`}</p>
    </div>
  );
}

export function GameOverDialog({ open, result, reward, onPlayAgain }: GameOverDialogProps) {
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
        {reward ? <Reward reward={reward} /> : null}
        <DialogFooter>
          <Button onClick={onPlayAgain}>Play Again</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
