import type { ComponentProps } from "react";
import { cn } from "~/web/lib/cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control.
    <label className={cn("text-sm font-medium leading-none", className)} {...props} />
  );
}
