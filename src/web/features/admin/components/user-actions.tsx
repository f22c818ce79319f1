import type { Role } from "~/core/admin";
import { Card, CardContent } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";
import { useDualControl } from "../api/dual-control";
import { banUser, revokeSessions, unbanUser, useAdminMutation } from "../api/user-actions";
import { ActionForm } from "./action-form";
import { AdjustCoinsForm } from "./adjust-coins-form";
import { AwaitingProposals } from "./awaiting-proposals";
import { useConfirm } from "./confirm-dialog";
import { useReauth } from "./reauth";
import { RoleChangeForm } from "./role-change-form";

export interface UserActionsProps {
  user: {
    id: string;
    email: string;
    banned: boolean;
    role: Role;
    balance: number;
    /** Listed in ADMIN_EMAILS: the console neither bans nor demotes this account. */
    listedAdmin: boolean;
  };
  /** The signed-in administrator (asked for their password when a change needs a fresh sign-in). */
  self: { id: string; email: string };
}

/** Ban the user, until a date or until lifted: their sessions end at once. */
function BanForm({ user }: { user: { id: string; email: string } }) {
  const ban = useAdminMutation((input: { reason: string; expiresAt: string | null }) =>
    banUser(user.id, input),
  );
  return (
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
  );
}

/**
 * Adjust coins, ban / unban, revoke sessions and change the role of one user; each with a reason. No self-service:
 * on their own page an administrator gets none of the actions that the server refuses (their coins, their ban,
 * their role), and an ADMIN_EMAILS account is offered neither a ban nor a demotion. Dual control: the
 * confirmation of a change that will become a proposal says so before it is confirmed (the server's count of
 * what this administrator moved alone, read afresh), and the user's waiting proposals show as awaiting.
 */
export function UserActions({ user, self }: UserActionsProps) {
  const isSelf = user.id === self.id;
  const fourEyes = useDualControl(user.id);
  const waiting = fourEyes.data?.proposals ?? [];
  const waitingRole = waiting.find((p) => p.kind === "role.change");
  const { run, dialog } = useReauth(self.email);
  const confirmation = useConfirm();
  const unban = useAdminMutation((reason: string) => unbanUser(user.id, { reason }));
  const revoke = useAdminMutation((reason: string) => revokeSessions(user.id, { reason }));
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
        <AdjustCoinsForm user={user} rule={fourEyes.data?.rule} confirm={confirmation.confirm} run={run} />
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
        <BanForm user={user} />
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
      {isSelf || user.listedAdmin ? null : (
        <RoleChangeForm user={user} waitingRole={waitingRole} confirm={confirmation.confirm} run={run} />
      )}
    </div>
  );
}
