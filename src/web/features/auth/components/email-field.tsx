import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";

/** The labelled, required e-mail input of the small "send me a new link" forms. */
export function EmailField({ id, field }: { id: string; field: UseFormRegisterReturn<"email"> }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Email</Label>
      <Input id={id} type="email" required autoComplete="email" placeholder="you@example.com" {...field} />
    </div>
  );
}
