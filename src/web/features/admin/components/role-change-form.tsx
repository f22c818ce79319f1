import type { Role } from "~/core/admin";
import { awaitingSecondAdmin, NEEDS_SECOND_ADMIN } from "~/core/dual-control";
import { Card, CardContent } from "~/web/components/ui/card";
import { notify } from "~/web/lib/notify";
import { changeRole, useAdminMutation } from "../api/user-actions";
import { ActionForm, CancelledAction } from "./action-form";
import type { useConfirm } from "./confirm-dialog";
import type { useReauth } from "./reauth";

export interface RoleChangeFormProps {
  user: { id: string; email: string; role: Role };
  /** The user's role change that already waits for a second administrator, if any. */
  waitingRole: Parameters<typeof awaitingSecondAdmin>[0] | undefined;
  confirm: ReturnType<typeof useConfirm>["confirm"];
  run: ReturnType<typeof useReauth>["run"];
}

/** The role changes the console offers from each role, in words. */
const offers: Record<Role, { next: Role; title: string; description: string; effect: string }[]> = {
  user: [
    {
      next: "admin",
      title: "Make administrator",
      description: "Gives the user this console and every administrative action.",
      effect: "an administrator",
    },
    {
      next: "editor",
      title: "Make content editor",
      description:
        "Gives the user the console's Content page only: quizzes and videos, never coins or users.",
      effect: "a content editor",
    },
  ],
  editor: [
    {
      next: "user",
      title: "Remove content editor",
      description: "The user keeps their account but loses the Content page.",
      effect: "a player only",
    },
  ],
  admin: [
    {
      next: "user",
      title: "Revoke administrator",
      description: "The user keeps their account but loses the console.",
      effect: "a player only",
    },
  ],
};

/**
 * Make administrator / content editor, or take the role back (UserActions): always a proposal for a second
 * administrator; while one waits, the card says so instead of offering another.
 */
export function RoleChangeForm({ user, waitingRole, confirm, run }: RoleChangeFormProps) {
  const role = useAdminMutation((input: { role: Role; reason: string }) => changeRole(user.id, input));
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
  return offers[user.role].map((offer) => (
    <ActionForm
      key={offer.next}
      title={offer.title}
      description={`${offer.description} ${NEEDS_SECOND_ADMIN}.`}
      submitLabel={offer.title}
      onSubmit={async (reason) => {
        const confirmed = await confirm({
          title: "Confirm the role change",
          effect:
            offer.next === "admin"
              ? `Make ${user.email} an administrator`
              : offer.next === "editor"
                ? `Make ${user.email} a content editor`
                : `Remove the ${user.role === "admin" ? "administrator" : "content editor"} role from ${user.email}`,
          notice: NEEDS_SECOND_ADMIN,
          detail: `It takes effect when a different administrator approves it under Proposals. Reason: ${reason}`,
          confirmLabel: "Propose role change",
        });
        if (!confirmed) throw new CancelledAction();
        await run(async () => {
          const answer = await role.mutateAsync({ role: offer.next, reason });
          notify(
            "proposal" in answer
              ? {
                  title: "Role change proposed",
                  description: `${user.email}: it waits for a second administrator under Proposals.`,
                }
              : {
                  title: answer.changed ? "Role changed" : "Role unchanged",
                  description: `${user.email} is ${offer.effect}.`,
                },
          );
        });
      }}
    />
  ));
}
