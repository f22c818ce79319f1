import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";

/** A text field and a button, for the reason of a rejection or the reference of a manual payout. */
export function TextAction({
  label,
  button,
  minLength,
  maxLength,
  onSubmit,
  busy,
  mustConfirm,
  rule,
}: {
  label: string;
  button: string;
  minLength: number;
  /** The server's limit, so a longer text cannot be typed. */
  maxLength: number;
  onSubmit: (value: string) => void;
  busy: boolean;
  /** A box the administrator must tick first (e.g. 'This payout was not paid'). */
  mustConfirm?: string;
  /** The field's own rule (a reason: src/core/words.ts), checked before anything is sent. */
  rule?: z.ZodType<string, string>;
}) {
  const id = useId();
  const form = useForm({
    defaultValues: { value: "", confirmed: false },
    resolver: zodResolver(
      z.object({
        value: rule ?? z.string().trim().min(minLength),
        confirmed: z.boolean().refine((v) => !mustConfirm || v),
      }),
    ),
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(
    ({ value }) => onSubmit(value),
    (errors) =>
      notify(
        errors.value
          ? {
              title: "Missing Text",
              description: `${label}: ${rule ? errors.value.message : `at least ${minLength} characters.`}`,
              variant: "destructive",
            }
          : { title: "Please Confirm", description: `Tick '${mustConfirm}' first.`, variant: "destructive" },
      ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} maxLength={maxLength} {...form.register("value")} />
        {mustConfirm ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register("confirmed")} />
            {mustConfirm}
          </label>
        ) : null}
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {button}
      </Button>
    </form>
  );
}
