import { zodResolver } from "@hookform/resolvers/zod";
import { Banknote } from "lucide-react";
import { useId, useState } from "react";
import { type FieldErrors, useController, useForm } from "react-hook-form";
import type { z } from "zod";
import { formatDollars } from "~/core/coins";
import { parseRedeemAmount, redeemNotices } from "~/core/redeem";
import {
  type PayoutMethod,
  payoutMethodDelivery,
  payoutMethodLabels,
  payoutMethods,
  redemptionNotices,
} from "~/core/redemptions";
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
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useRedeemEligibility } from "../api/get-redemptions";
import { useRequestRedemption } from "../api/request-redemption";
import { formRefusalNotice, type Refusal, redeemSchema } from "./redeem-schema";

const recipientLabels: Record<PayoutMethod, string> = {
  paypal: "PayPal e-mail address",
  gift_card: "E-mail address for the gift card",
};

type Values = z.input<ReturnType<typeof redeemSchema>>;
type Request = z.output<ReturnType<typeof redeemSchema>>;

/** The server's refusal as a notice: the dialog's own titles where one exists, else the server's message. */
function refusalNotice(error: unknown) {
  if (!(error instanceof ApiError)) return { title: "Redemption Failed", description: String(error) };
  if (error.code === "INSUFFICIENT_BALANCE") return redeemNotices.insufficient;
  const titles: Record<string, string> = {
    REDEEM_BELOW_MINIMUM: "Below the Minimum",
    KYC_REQUIRED: "Identity Verification Required",
    EMAIL_NOT_VERIFIED: "Email Not Confirmed",
    REDEEM_PENDING_LIMIT: "Redemption Already Pending",
    REDEEM_DAILY_CAP: "Daily Limit Reached",
  };
  return {
    title: titles[error.code] ?? "Redemption Failed",
    description: error.message,
    reference: referenceOf(error),
  };
}

/**
 * 'Redeem Coins for Cash' and its dialog: the field holds a whole number capped to the balance ('Minimum' and
 * 'Max' fill it in one tap); submit checks it against the balance of that moment and the minimum, then asks the
 * server, which holds the coins at once (the rules are in docs/product.md, "Redemptions"). Below the minimum the
 * button opens nothing: it says how many coins are still needed.
 */
export function RedeemDialog({
  balance,
  disabled = false,
  user,
}: {
  balance: number;
  disabled?: boolean;
  user: { id: string; email: string };
}) {
  const [open, setOpen] = useState(false);
  const eligibility = useRedeemEligibility(user.id);
  const request = useRequestRedemption();
  const inputId = useId();
  const methodInfoId = useId();
  const previewId = useId();
  const recipientId = useId();
  const minCoins = eligibility.data?.minCoins;
  const form = useForm<Values, unknown, Request>({
    defaultValues: { amount: 0, method: "paypal", recipient: user.email },
    resolver: zodResolver(redeemSchema(balance, minCoins)),
    reValidateMode: "onSubmit",
    // The amount's refusals are notices (below); the field keeps the focus it has.
    shouldFocusError: false,
  });
  // The field holds the whole number `parseRedeemAmount` makes of each keystroke (capped to the balance).
  const { field: amountField } = useController({ name: "amount", control: form.control });
  const amount = amountField.value;
  const { field: methodField } = useController({ name: "method", control: form.control });
  const method = methodField.value;

  function refused(found: FieldErrors<Values>) {
    const refusal = found.amount?.message as Refusal | undefined;
    if (!refusal) return;
    notify({ ...formRefusalNotice(refusal, minCoins), variant: "destructive" });
  }

  function submit({ amount: coins, method, recipient }: Request) {
    request.mutate(
      { coins, method, recipient },
      {
        onSuccess: ({ redemption }) => {
          notify(redemptionNotices.requested(redemption.coins, redemption.dollars));
          setOpen(false);
          form.setValue("amount", 0);
        },
        onError: (error) => notify({ ...refusalNotice(error), variant: "destructive" }),
      },
    );
  }

  const needed = minCoins === undefined ? 0 : Math.max(0, minCoins - balance);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {needed > 0 && !open ? (
        <Button size="lg" disabled>
          <Banknote aria-hidden="true" />
          {`Redeem: ${needed} more coins needed`}
        </Button>
      ) : (
        <DialogTrigger asChild>
          <Button size="lg" disabled={disabled}>
            <Banknote aria-hidden="true" />
            Redeem Coins for Cash
          </Button>
        </DialogTrigger>
      )}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redeem Coins for Cash</DialogTitle>
          <DialogDescription>
            Choose how many coins to turn into cash, at 1000 coins for $5.00.
          </DialogDescription>
        </DialogHeader>
        {/* noValidate: out-of-range amounts get the wallet's own notices, not the browser's. */}
        <form onSubmit={form.handleSubmit(submit, refused)} noValidate className="grid gap-4">
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
              ref={amountField.ref}
              onBlur={amountField.onBlur}
              onChange={(event) => amountField.onChange(parseRedeemAmount(event.target.value, balance))}
            />
            {minCoins !== undefined && balance >= minCoins ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => amountField.onChange(minCoins)}
                >
                  {`Minimum (${minCoins})`}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => amountField.onChange(balance)}
                >
                  {`Max (${balance})`}
                </Button>
              </div>
            ) : null}
            <p id={previewId} aria-live="polite" className="text-sm text-muted-foreground">
              {"Dollar value: "}
              <strong className="font-semibold text-foreground tabular-nums">{`$${formatDollars(amount)}`}</strong>
              {minCoins === undefined ? null : ` (minimum ${minCoins} coins, $${formatDollars(minCoins)})`}
            </p>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Payout method</legend>
            {payoutMethods.map((m) => (
              <label key={m} className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="payout-method"
                  value={m}
                  checked={method === m}
                  onChange={() => methodField.onChange(m)}
                  aria-describedby={`${methodInfoId}-${m}`}
                  className="size-4 accent-[var(--color-brand)]"
                />
                {payoutMethodLabels[m]}
              </label>
            ))}
            <ul className="grid gap-1 text-sm text-muted-foreground">
              {payoutMethods.map((m) => (
                <li key={m} id={`${methodInfoId}-${m}`}>
                  {`${payoutMethodLabels[m]}: minimum ${minCoins ?? "…"} coins${minCoins === undefined ? "" : ` ($${formatDollars(minCoins)})`}, ${payoutMethodDelivery[m]}.`}
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={recipientId}>{recipientLabels[method]}</Label>
            <Input id={recipientId} type="email" autoComplete="email" {...form.register("recipient")} />
          </div>
          <p className="text-sm text-muted-foreground">
            The coins are held as soon as you submit. We review each request; if it is not approved, or you
            cancel it while it is pending, the coins come back to your balance.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={request.isPending}>
              Submit Redemption Request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
