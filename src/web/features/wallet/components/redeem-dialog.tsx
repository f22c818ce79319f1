import { Banknote, TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { formatDollars } from "~/core/coins";
import { checkRedemption, parseRedeemAmount, redeemNotices } from "~/core/redeem";
import { Button } from "~/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/web/components/ui/dialog";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";

/**
 * 'Redeem Coins for Cash' and its dialog, exactly as docs/product.md says: the field holds a whole number capped to
 * the balance; submit checks it against the balance of that moment. A placeholder: nothing is sent anywhere.
 */
export function RedeemDialog({ balance, disabled = false }: { balance: number; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(0);
  const inputId = useId();
  const previewId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkRedemption(amount, balance);
    if (!check.ok) {
      notify({ ...redeemNotices[check.reason], variant: "destructive" });
      return;
    }
    notify(redeemNotices.submitted(check.amount, check.dollars));
    setOpen(false);
    setAmount(0);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg" disabled={disabled}>
          <Banknote aria-hidden="true" />
          Redeem Coins for Cash
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redeem Coins for Cash</DialogTitle>
          <DialogDescription>
            Choose how many coins to turn into cash, at 1000 coins for $5.00.
          </DialogDescription>
        </DialogHeader>
        {/* noValidate: docs/product.md answers an out-of-range amount with its own notices, not the browser's. */}
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{`Coins to redeem (max ${balance})`}</Label>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              max={balance}
              step={1}
              value={String(amount)}
              aria-describedby={previewId}
              onChange={(event) => setAmount(parseRedeemAmount(event.target.value, balance))}
            />
            <p id={previewId} aria-live="polite" className="text-sm text-muted-foreground">
              {"Dollar value: "}
              <strong className="font-semibold text-foreground tabular-nums">{`$${formatDollars(amount)}`}</strong>
            </p>
          </div>
          <p
            role="note"
            className="flex items-start gap-2 rounded-lg border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            This is a placeholder: cash redemption is not available yet. No request is sent and no coins are
            deducted.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Submit Redemption Request</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
