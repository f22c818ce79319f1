import { useQueryClient } from "@tanstack/react-query";
import { adjustmentInput } from "~/core/api/admin";
import { coinsToCents, formatCount } from "~/core/coins";
import { type DualControl, dualControlRule, fourEyesReasons, NEEDS_SECOND_ADMIN } from "~/core/dual-control";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";
import { dualControlQueryOptions } from "../api/dual-control";
import { adjustCoins, useAdminMutation } from "../api/user-actions";
import { ActionForm, CancelledAction } from "./action-form";
import { useAdjustmentIds } from "./adjustment-ids";
import type { useConfirm } from "./confirm-dialog";
import type { useReauth } from "./reauth";

/** The effect of an adjustment as the confirmation states it: '+1 000 coins to ada@example.com: 70 → 1 070'. */
export function adjustmentEffect(email: string, balance: number, amount: number): string {
  const sign = amount > 0 ? "+" : "−";
  const way = amount > 0 ? "to" : "from";
  return `${sign}${formatCount(Math.abs(amount))} coins ${way} ${email}: ${formatCount(balance)} → ${formatCount(balance + amount)}`;
}

export interface AdjustCoinsFormProps {
  user: { id: string; email: string; balance: number };
  /** The dual-control rule, once read (its sentence joins the description). */
  rule: DualControl | undefined;
  confirm: ReturnType<typeof useConfirm>["confirm"];
  run: ReturnType<typeof useReauth>["run"];
}

/**
 * Adjust coins (UserActions): the confirmation says when the change will become a proposal, from the server's
 * count of what this administrator moved alone, read afresh.
 */
export function AdjustCoinsForm({ user, rule, confirm, run }: AdjustCoinsFormProps) {
  const queryClient = useQueryClient();
  const adjustments = useAdjustmentIds();
  const adjust = useAdminMutation((input: { adjustmentId: string; amount: number; reason: string }) =>
    adjustCoins(user.id, input),
  );
  return (
    <ActionForm
      title="Adjust coins"
      description={`Adds (+N) or takes (−N) coins. The user sees the reason in their history; a balance never goes below 0.${rule ? ` ${dualControlRule(rule)}` : ""}`}
      submitLabel="Apply adjustment"
      fields={(id, register) => (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-amount`}>Coins (+ to add, − to take)</Label>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            step={1}
            required
            {...register("amount")}
          />
        </div>
      )}
      validate={(values) => {
        const parsed = adjustmentInput.shape.amount.safeParse(Number(values.amount || Number.NaN));
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter a whole number of coins.");
      }}
      onSubmit={async (reason, values) => {
        const amount = Number(values.amount);
        // The rule is cumulative: read afresh what this administrator moved alone before saying.
        const state = await queryClient.fetchQuery(dualControlQueryOptions(user.id));
        const why = fourEyesReasons(state.rule, {
          kind: "coins.adjust",
          coins: amount,
          cents: coinsToCents(Math.max(amount, 0)),
          perAccountSoFar: state.movedAlone,
          movedTodayCents: state.movedAloneTodayCents,
          credited: null,
          approvedKyc: null,
          reusedDocument: false,
        });
        const proposes = why.length > 0;
        const confirmed = await confirm({
          title: "Confirm the adjustment",
          effect: adjustmentEffect(user.email, user.balance, amount),
          notice: proposes ? NEEDS_SECOND_ADMIN : undefined,
          detail: proposes
            ? `${why.join(" ")} It takes effect when a different administrator approves it under Proposals. Reason shown to the user: ${reason}`
            : `Reason shown to the user: ${reason}`,
          confirmLabel: proposes ? "Propose adjustment" : "Confirm adjustment",
        });
        if (!confirmed) throw new CancelledAction();
        await run(async () => {
          const adjustmentId = adjustments.idFor(amount, reason);
          const answer = await adjust.mutateAsync({ adjustmentId, amount, reason });
          adjustments.succeeded(adjustmentId);
          if ("proposal" in answer) {
            notify({
              title: "Adjustment proposed",
              description: `${adjustmentEffect(user.email, user.balance, amount).split(":")[0]} waits for a second administrator: it takes effect when another administrator approves it under Proposals.`,
            });
            return;
          }
          const result = answer;
          const change = `${result.amount > 0 ? "+" : ""}${result.amount} coins for ${user.email}.`;
          // A resend of an adjustment whose first answer was lost: the server made it once, then.
          notify({
            title: "Coins adjusted",
            description: result.replayed
              ? `${change} Your earlier attempt had already made this adjustment; it was not made twice. Balance after it: ${result.balance}.`
              : `${change} New balance: ${result.balance}.`,
          });
        });
      }}
    />
  );
}
