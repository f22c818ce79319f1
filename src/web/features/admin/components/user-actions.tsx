import { useQueryClient } from "@tanstack/react-query";
import { adjustmentInput } from "~/core/api/admin";
import {
  adjustmentNeedsSecondAdmin,
  awaitingSecondAdmin,
  dualControlRule,
  groupDigits,
  NEEDS_SECOND_ADMIN,
} from "~/core/dual-control";
import { Card, CardContent } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";
import { dualControlQueryOptions, useDualControl } from "../api/dual-control";
import {
  adjustCoins,
  banUser,
  changeRole,
  revokeSessions,
  unbanUser,
  useAdminMutation,
} from "../api/user-actions";
import { ActionForm, CancelledAction } from "./action-form";
import { useAdjustmentIds } from "./adjustment-ids";
import { AwaitingProposals } from "./awaiting-proposals";
import { useConfirm } from "./confirm-dialog";
import { useReauth } from "./reauth";

export interface UserActionsProps {
  user: {
    id: string;
    email: string;
    banned: boolean;
    role: "user" | "admin";
    balance: number;
    /** Listed in ADMIN_EMAILS: the console neither bans nor demotes this account. */
    listedAdmin: boolean;
  };
  /** The signed-in administrator (asked for their password when a change needs a fresh sign-in). */
  self: { id: string; email: string };
}

/** The effect of an adjustment as the confirmation states it: '+1 000 coins to ada@example.com: 70 → 1 070'. */
export function adjustmentEffect(email: string, balance: number, amount: number): string {
  const sign = amount > 0 ? "+" : "−";
  const way = amount > 0 ? "to" : "from";
  return `${sign}${groupDigits(Math.abs(amount))} coins ${way} ${email}: ${groupDigits(balance)} → ${groupDigits(balance + amount)}`;
}

/**
 * Adjust coins, ban / unban, revoke sessions and change the role of one user; each with a reason. No self-service:
 * on their own page an administrator gets none of the actions that the server refuses (their coins, their ban,
 * their role), and an ADMIN_EMAILS account is offered neither a ban nor a demotion. Dual control: the
 * confirmation of a change that will become a proposal says so before it is confirmed (the server's count of
 * what this administrator moved alone, read afresh), and the user's waiting proposals show as awaiting.
 */
export function UserActions({ user, self }: UserActionsProps) {
  const queryClient = useQueryClient();
  const isSelf = user.id === self.id;
  const fourEyes = useDualControl(user.id);
  const waiting = fourEyes.data?.proposals ?? [];
  const waitingRole = waiting.find((p) => p.kind === "role.change");
  const { run, dialog } = useReauth(self.email);
  const confirmation = useConfirm();
  const adjustments = useAdjustmentIds();
  const adjust = useAdminMutation((input: { adjustmentId: string; amount: number; reason: string }) =>
    adjustCoins(user.id, input),
  );
  const ban = useAdminMutation((input: { reason: string; expiresAt: string | null }) =>
    banUser(user.id, input),
  );
  const unban = useAdminMutation((reason: string) => unbanUser(user.id, { reason }));
  const revoke = useAdminMutation((reason: string) => revokeSessions(user.id, { reason }));
  const role = useAdminMutation((input: { role: "user" | "admin"; reason: string }) =>
    changeRole(user.id, input),
  );
  const protectedNote = isSelf
    ? "This is your own account: another administrator must adjust its coins, lift or set a ban, or change its role."
    : user.listedAdmin
      ? "This administrator is listed in ADMIN_EMAILS, the operator's configuration: the console can neither ban nor demote them."
      : null;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {dialog}
      {confirmation.dialog}
      {protectedNote ? (
        <Card className="lg:col-span-2">
          <CardContent className="pt-6">
            <p role="note">{protectedNote}</p>
          </CardContent>
        </Card>
      ) : null}
      <AwaitingProposals proposals={waiting} />
      {isSelf ? null : (
        <ActionForm
          title="Adjust coins"
          description={`Adds (+N) or takes (−N) coins. The user sees the reason in their history; a balance never goes below 0.${fourEyes.data ? ` ${dualControlRule(fourEyes.data.rule)}` : ""}`}
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
            return parsed.success
              ? null
              : (parsed.error.issues[0]?.message ?? "Enter a whole number of coins.");
          }}
          onSubmit={async (reason, values) => {
            const amount = Number(values.amount);
            // The rule is cumulative: read afresh what this administrator moved alone before saying.
            const state = await queryClient.fetchQuery(dualControlQueryOptions(user.id));
            const proposes = adjustmentNeedsSecondAdmin(state.rule, amount, state.movedAlone);
            const confirmed = await confirmation.confirm({
              title: "Confirm the adjustment",
              effect: adjustmentEffect(user.email, user.balance, amount),
              notice: proposes ? NEEDS_SECOND_ADMIN : undefined,
              detail: proposes
                ? `It takes effect when a different administrator approves it under Proposals. Reason shown to the user: ${reason}`
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
      )}
      {isSelf ? null : user.banned ? (
        <ActionForm
          title="Lift the ban"
          submitLabel="Unban user"
          onSubmit={async (reason) => {
            await unban.mutateAsync(reason);
            notify({ title: "Ban lifted", description: `${user.email} can sign in again.` });
          }}
        />
      ) : user.listedAdmin ? null : (
        <ActionForm
          title="Ban user"
          description="Ends all of the user's sessions; signing in and earning are refused until the ban ends."
          submitLabel="Ban user"
          variant="destructive"
          fields={(id, register) => (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-expires`}>Ban ends (optional; empty = until lifted)</Label>
              <Input id={`${id}-expires`} type="datetime-local" {...register("expiresAt")} />
            </div>
          )}
          validate={(values) => {
            const ends = values.expiresAt ?? "";
            return ends && new Date(ends).getTime() <= Date.now()
              ? "The end of the ban must be in the future."
              : null;
          }}
          onSubmit={async (reason, values) => {
            const ends = values.expiresAt ?? "";
            const result = await ban.mutateAsync({
              reason,
              expiresAt: ends ? new Date(ends).toISOString() : null,
            });
            notify({
              title: "User banned",
              description: `${user.email}: ${result.sessionsEnded} sessions ended.`,
            });
          }}
        />
      )}
      <ActionForm
        title="Revoke sessions"
        description="Signs the user out on every device."
        submitLabel="Revoke all sessions"
        onSubmit={async (reason) => {
          const result = await revoke.mutateAsync(reason);
          notify({ title: "Sessions revoked", description: `${result.sessionsEnded} sessions ended.` });
        }}
      />
      {isSelf || user.listedAdmin ? null : waitingRole ? (
        <Card>
          <CardContent className="pt-6">
            <p role="note" className="text-sm">
              {awaitingSecondAdmin(waitingRole)}
            </p>
          </CardContent>
        </Card>
      ) : (
        <ActionForm
          title={user.role === "admin" ? "Revoke administrator" : "Make administrator"}
          description={`${
            user.role === "admin"
              ? "The user keeps their account but loses the console."
              : "Gives the user this console and every administrative action."
          } ${NEEDS_SECOND_ADMIN}.`}
          submitLabel={user.role === "admin" ? "Revoke administrator" : "Make administrator"}
          onSubmit={async (reason) => {
            const next = user.role === "admin" ? "user" : "admin";
            const confirmed = await confirmation.confirm({
              title: "Confirm the role change",
              effect:
                next === "admin"
                  ? `Make ${user.email} an administrator`
                  : `Remove the administrator role from ${user.email}`,
              notice: NEEDS_SECOND_ADMIN,
              detail: `It takes effect when a different administrator approves it under Proposals. Reason: ${reason}`,
              confirmLabel: "Propose role change",
            });
            if (!confirmed) throw new CancelledAction();
            await run(async () => {
              const answer = await role.mutateAsync({ role: next, reason });
              notify(
                "proposal" in answer
                  ? {
                      title: "Role change proposed",
                      description: `${user.email}: it waits for a second administrator under Proposals.`,
                    }
                  : {
                      title: answer.changed ? "Role changed" : "Role unchanged",
                      description: `${user.email} is ${next === "admin" ? "an administrator" : "a user"}.`,
                    },
              );
            });
          }}
        />
      )}
    </div>
  );
}
