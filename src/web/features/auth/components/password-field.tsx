import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { PASSWORD_MAX_LENGTH } from "~/core/password-rules";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";

export interface PasswordFieldProps extends Omit<ComponentProps<"input">, "type" | "id"> {
  id: string;
  label: string;
  /** An error shown under the field and linked to it; marks the field invalid. */
  error?: string;
  /** The rule a new password must meet, shown under the field (readable while typing, unlike a placeholder). */
  hint?: string;
}

/** A labelled password field with a show/hide toggle (docs/product.md) and an optional inline error. */
export function PasswordField({ id, label, error, hint, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? "text" : "password"}
          className="pr-11"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={`${visible ? "Hide" : "Show"} ${label.toLowerCase()}`}
          aria-controls={id}
          className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** 'Confirm Password' under a new password; `field` is the form's registration of it. */
export function ConfirmPasswordField({
  id,
  placeholder,
  error,
  field,
}: {
  id: string;
  placeholder: string;
  error: string | undefined;
  field: UseFormRegisterReturn<"confirm">;
}) {
  return (
    <PasswordField
      id={id}
      label="Confirm Password"
      required
      maxLength={PASSWORD_MAX_LENGTH}
      autoComplete="new-password"
      placeholder={placeholder}
      error={error}
      {...field}
    />
  );
}
