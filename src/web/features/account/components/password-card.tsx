import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { z } from "zod";
import { PASSWORD_HINT, PASSWORD_MISMATCH_MESSAGE } from "~/core/password-rules";
import { newPasswordSchema } from "~/core/password-schema";
import { Button } from "~/web/components/ui/button";
import { SectionCard } from "~/web/components/ui/section-card";
import { notify } from "~/web/lib/notify";
import { useChangePassword } from "../api/change-password";
import { onRefused, PasswordStepForm, usePasswordStep } from "./password-step";
import { TextField } from "./text-field";

const schema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: PASSWORD_MISMATCH_MESSAGE });
type Values = z.input<typeof schema>;

/** Password: change it with the current one; the server refuses common passwords and ends every other session. */
export function PasswordCard() {
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const step = usePasswordStep(
    schema,
    { currentPassword: "", newPassword: "", confirm: "" },
    "currentPassword",
    "Current password",
  );
  const { form, id } = step;
  const { errors } = form.formState;

  function submit({ currentPassword, newPassword }: Values) {
    if (change.isPending) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          notify({
            title: "Password Changed",
            description: "Your password has been changed. Every other device has been signed out.",
          });
          void queryClient.invalidateQueries({ queryKey: ["account"] });
        },
        onError: onRefused(
          "Password Not Changed",
          step,
          // A new password the server refuses (a common one): marked on its field.
          (error) => {
            if (/PASSWORD/.test(error.code)) form.setError("newPassword", { message: error.message });
          },
        ),
      },
    );
  }

  return (
    <SectionCard icon={KeyRound} title="Password">
      <p className="mb-4 text-sm text-muted-foreground">
        Changing your password signs you out on every other device; this one stays signed in. Very common
        passwords are refused, and a few wrong attempts in a minute make you wait.
      </p>
      <PasswordStepForm step={step} label="Change password" busy={change.isPending} onValid={submit}>
        <TextField
          id={`${id}-new`}
          label="New password"
          type="password"
          autoComplete="new-password"
          placeholder={PASSWORD_HINT}
          error={errors.newPassword?.message}
          {...form.register("newPassword")}
        />
        <TextField
          id={`${id}-confirm`}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register("confirm")}
        />
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </Button>
      </PasswordStepForm>
    </SectionCard>
  );
}
