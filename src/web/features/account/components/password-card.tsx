import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PASSWORD_HINT, PASSWORD_MISMATCH_MESSAGE } from "~/core/password-rules";
import { newPasswordSchema } from "~/core/password-schema";
import { Button } from "~/web/components/ui/button";
import { SectionCard } from "~/web/components/ui/section-card";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useChangePassword } from "../api/change-password";
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
  const id = useId();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const form = useForm<Values>({
    defaultValues: { currentPassword: "", newPassword: "", confirm: "" },
    resolver: zodResolver(schema),
    reValidateMode: "onSubmit",
  });
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
        onError: (error) => {
          if (error instanceof ApiError && error.code === "INVALID_PASSWORD")
            form.setError("currentPassword", { message: "This is not your current password." });
          else if (error instanceof ApiError && /PASSWORD/.test(error.code))
            form.setError("newPassword", { message: error.message });
          notify({
            title: "Password Not Changed",
            description: error.message,
            variant: "destructive",
            reference: referenceOf(error),
          });
        },
      },
    );
  }

  return (
    <SectionCard icon={KeyRound} title="Password">
      <p className="mb-4 text-sm text-muted-foreground">
        Changing your password signs you out on every other device; this one stays signed in. Very common
        passwords are refused, and a few wrong attempts in a minute make you wait.
      </p>
      <form
        method="post"
        onSubmit={form.handleSubmit(submit)}
        className="grid gap-4"
        aria-busy={change.isPending}
        aria-label="Change password"
      >
        <TextField
          id={`${id}-current`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
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
      </form>
    </SectionCard>
  );
}
