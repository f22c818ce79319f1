import { TriangleAlert } from "lucide-react";
import { useNavigate } from "react-router";
import { DELETE_CONFIRMATION } from "~/core/account";
import { type DeleteAccountInput, deleteAccountSchema } from "~/core/api/account";
import { Button } from "~/web/components/ui/button";
import { SectionCard } from "~/web/components/ui/section-card";
import { paths } from "~/web/config/paths";
import { useBalance } from "~/web/lib/balance";
import { notify } from "~/web/lib/notify";
import { setSession } from "~/web/lib/session";
import { useDeleteAccount } from "../api/delete-account";
import { onRefused, PasswordStepForm, usePasswordStep } from "./password-step";
import { TextField } from "./text-field";

/** Delete account: what happens, stated exactly (docs/product.md "Deleting the account"), then password + typed confirmation. */
export function DeleteCard() {
  const navigate = useNavigate();
  const { balance } = useBalance();
  const remove = useDeleteAccount();
  const step = usePasswordStep(
    deleteAccountSchema,
    { password: "", confirmation: "" as DeleteAccountInput["confirmation"] },
    "password",
    "Password",
  );
  const { form, id } = step;

  function submit(values: DeleteAccountInput) {
    if (remove.isPending) return;
    remove.mutate(values, {
      onSuccess: async (result) => {
        setSession(null, "SIGNED_OUT");
        notify({
          title: "Account Deleted",
          description: `Your account has been deleted and ${result.forfeitedCoins} coins were forfeited. A confirmation is on its way to your e-mail address.`,
        });
        await navigate(paths.home.getHref(), { replace: true });
      },
      onError: onRefused("Account Not Deleted", step),
    });
  }

  return (
    <SectionCard icon={TriangleAlert} title="Delete account">
      <div className="mb-4 grid gap-3 text-sm">
        <p className="font-semibold">Deleting your account cannot be undone. When you delete it:</p>
        <ul className="grid list-disc gap-1 pl-5">
          <li>{`Your balance of ${balance} coins is forfeited: it cannot be redeemed or given back later.`}</li>
          <li>
            A pending redemption request is cancelled first; its coins return to the balance and are forfeited
            with it. While a payout to you is being sent (an approved request, or one whose payout failed and
            awaits a retry), deletion is refused until it has been paid or rejected.
          </li>
          <li>
            Referral bonuses not paid yet — yours and those of friends you invited, pending or held for review
            — are declined for good: their pending coins are taken back and never paid.
          </li>
          <li>
            Erased at once: your e-mail address, every session (you are signed out everywhere), your password,
            your identity documents and the name and document number on them, and your payout addresses.
          </li>
          <li>
            Kept, without anything that identifies you: the coin ledger and the games, quizzes and videos that
            earned it (so the books still add up), and the audit log.
          </li>
          <li>
            We send a confirmation to your current e-mail address. You can sign up again with it as a new
            account.
          </li>
        </ul>
        <p>Download your data first if you want a copy.</p>
      </div>
      <PasswordStepForm step={step} label="Delete account" busy={remove.isPending} onValid={submit}>
        <TextField
          id={`${id}-confirm`}
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.confirmation?.message}
          {...form.register("confirmation")}
        />
        <Button
          type="submit"
          variant="destructive"
          className="justify-self-start"
          disabled={remove.isPending}
        >
          {remove.isPending ? "Deleting..." : "Delete my account"}
        </Button>
      </PasswordStepForm>
    </SectionCard>
  );
}
