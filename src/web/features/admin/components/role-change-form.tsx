import { awaitingSecondAdmin, NEEDS_SECOND_ADMIN } from "~/core/dual-control";
import { Card, CardContent } from "~/web/components/ui/card";
import { notify } from "~/web/lib/notify";
import { changeRole, useAdminMutation } from "../api/user-actions";
import { ActionForm, CancelledAction } from "./action-form";
import type { useConfirm } from "./confirm-dialog";
import type { useReauth } from "./reauth";

export interface RoleChangeFormProps {
  user: { id: string; email: string; role: "user" | "admin" };
  /** The user's role change that already waits for a second administrator, if any. */
  waitingRole: Parameters<typeof awaitingSecondAdmin>[0] | undefined;
  confirm: ReturnType<typeof useConfirm>["confirm"];
  run: ReturnType<typeof useReauth>["run"];
}

/**
 * Make administrator / revoke administrator (UserActions): always a proposal for a second administrator; while one
 * waits, the card says so instead of offering another.
 */
export function RoleChangeForm({ user, waitingRole, confirm, run }: RoleChangeFormProps) {
  const role = useAdminMutation((input: { role: "user" | "admin"; reason: string }) =>
    changeRole(user.id, input),
  );
  if (waitingRole)
    return (
      <Card>
        <CardContent className="pt-6">
          <p role="note" className="text-sm">
            {awaitingSecondAdmin(waitingRole)}
          </p>
        </CardContent>
      </Card>
    );
  return (
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
        const confirmed = await confirm({
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
  );
}
