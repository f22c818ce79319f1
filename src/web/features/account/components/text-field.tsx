import type { ComponentProps } from "react";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";

/** A labelled input with its error under it (linked and marked invalid). */
export function TextField({
  id,
  label,
  error,
  ...props
}: Omit<ComponentProps<"input">, "id"> & { id: string; label: string; error?: string | undefined }) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
