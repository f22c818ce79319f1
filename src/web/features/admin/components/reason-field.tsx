import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";

/**
 * The required 'Reason' of an administrative action (shown in the audit log, src/core/admin.ts `adminReason`), and
 * the form's problem under it, announced at once.
 */
export function ReasonField({
  id,
  error,
  field,
}: {
  id: string;
  error: string | undefined;
  field: UseFormRegisterReturn<"reason">;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Input
          id={`${id}-reason`}
          maxLength={200}
          required
          aria-invalid={error ? true : undefined}
          {...field}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
