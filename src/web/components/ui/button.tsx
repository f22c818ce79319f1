import type { ComponentProps } from "react";
import { type ButtonVariantOptions, buttonVariants } from "~/web/components/ui/button-variants";
import { cn } from "~/web/lib/cn";

export type ButtonProps = ComponentProps<"button"> & Omit<ButtonVariantOptions, "className">;

export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
