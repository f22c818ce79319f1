import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { TextField } from "./text-field";

/**
 * The password step of the account's lasting changes, changing the password and deleting the account
 * (docs/product.md, "Your account"): a form whose first field is the current password, which the server checks.
 * A wrong one (INVALID_PASSWORD) is marked on that field, and every refusal is told in a notice.
 */
export const WRONG_PASSWORD = "This is not your current password.";

export interface PasswordStep<V extends FieldValues> {
  /** The form, checked by its schema on submit. */
  form: UseFormReturn<V>;
  /** The prefix of its fields' ids. */
  id: string;
  /** Its current-password field, and that field's label. */
  field: Path<V>;
  fieldLabel: string;
}

/** A form of the values `schema` checks (from `defaultValues`), whose current password is `field`. */
export function usePasswordStep<V extends FieldValues>(
  schema: z.ZodType<V, V>,
  defaultValues: DefaultValues<V>,
  field: Path<V>,
  fieldLabel: string,
): PasswordStep<V> {
  const id = useId();
  const form = useForm<V>({ defaultValues, resolver: zodResolver(schema), reValidateMode: "onSubmit" });
  return { form, id, field, fieldLabel };
}

/** The step's form (named `label`): its current-password field first, then `children`, the rest of it. */
export function PasswordStepForm<V extends FieldValues>(props: {
  step: PasswordStep<V>;
  label: string;
  busy: boolean;
  onValid: SubmitHandler<V>;
  children: ReactNode;
}) {
  const { form, id, field, fieldLabel } = props.step;
  return (
    <form
      method="post"
      onSubmit={form.handleSubmit(props.onValid)}
      className="grid gap-4"
      aria-busy={props.busy}
      aria-label={props.label}
    >
      <TextField
        id={`${id}-password`}
        label={fieldLabel}
        type="password"
        autoComplete="current-password"
        error={form.getFieldState(field, form.formState).error?.message}
        {...form.register(field)}
      />
      {props.children}
    </form>
  );
}

/**
 * A refused request's handler: a wrong current password is marked on the step's field, another refusal may mark
 * the field it concerns (`markOther`), and the notice titled `title` says why.
 */
export function onRefused<V extends FieldValues>(
  title: string,
  { form, field }: PasswordStep<V>,
  markOther: (error: ApiError) => void = () => {},
): (error: Error) => void {
  return (error) => {
    if (error instanceof ApiError && error.code === "INVALID_PASSWORD")
      form.setError(field, { message: WRONG_PASSWORD });
    else if (error instanceof ApiError) markOther(error);
    notify({ title, description: error.message, variant: "destructive", reference: referenceOf(error) });
  };
}
