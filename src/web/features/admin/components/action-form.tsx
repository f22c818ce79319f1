import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId } from "react";
import { type UseFormRegister, useForm } from "react-hook-form";
import { z } from "zod";
import { adminReason } from "~/core/admin";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { ReasonField } from "./reason-field";

/** Thrown by `onSubmit` when the administrator cancelled a confirmation: the form keeps its values, no notice. */
export class CancelledAction extends Error {
  constructor() {
    super("Cancelled");
  }
}

/** The form's values: the reason and the action's own fields, by their names. */
export type ActionValues = Record<string, string> & { reason: string };

export interface ActionFormProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  variant?: "default" | "destructive";
  /** Fields shown above the reason, registered with `register`; their values arrive in `onSubmit`. */
  fields?: (id: string, register: UseFormRegister<ActionValues>) => ReactNode;
  /** Checks the other fields; a message stops the submit (and comes before a problem with the reason). */
  validate?: (values: ActionValues) => string | null;
  /** Makes the change; throws on failure (its message becomes the error notice). */
  onSubmit: (reason: string, values: ActionValues) => Promise<void>;
}

/** The action's own check, then the reason's (src/core/admin.ts): one problem at a time, shown under the reason. */
function actionSchema(validate: ActionFormProps["validate"]) {
  return z
    .object({ reason: z.string() })
    .catchall(z.string())
    .transform((all, ctx): ActionValues => {
      const reason = adminReason.safeParse(all.reason);
      const problem =
        validate?.(all) ?? (reason.success ? null : (reason.error.issues[0]?.message ?? "Check the reason."));
      if (problem !== null || !reason.success) {
        ctx.addIssue({ code: "custom", path: ["reason"], message: problem ?? "Check the reason." });
        return z.NEVER;
      }
      return { ...all, reason: reason.data };
    });
}

/** One administrative action: optional fields, a required reason and a submit button; the outcome as a notice. */
export function ActionForm({
  title,
  description,
  submitLabel,
  variant,
  fields,
  validate,
  onSubmit,
}: ActionFormProps) {
  const id = useId();
  const form = useForm<ActionValues, unknown, ActionValues>({
    defaultValues: { reason: "" },
    resolver: zodResolver(actionSchema(validate)),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const error = form.formState.errors.reason?.message;

  async function submit(values: ActionValues) {
    try {
      await onSubmit(values.reason, values);
      form.reset();
    } catch (err) {
      if (err instanceof CancelledAction) return;
      notify({
        title,
        description: err instanceof Error ? err.message : String(err),
        reference: referenceOf(err),
        variant: "destructive",
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(submit)} className="grid gap-3" noValidate aria-label={title}>
          {fields?.(id, form.register)}
          <ReasonField id={id} error={error} field={form.register("reason")} />
          <div>
            <Button
              type="submit"
              variant={variant === "destructive" ? "destructive" : "default"}
              disabled={form.formState.isSubmitting}
            >
              {form.formState.isSubmitting ? "Processing..." : submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
