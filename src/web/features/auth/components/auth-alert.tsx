import type { ReactNode } from "react";
import { cn } from "~/web/lib/cn";

export interface AuthAlertProps {
  title: string;
  children?: ReactNode;
  variant?: "info" | "error";
  /** "alert" for a problem announced at once, "status" for news, none for standing text. */
  role?: "alert" | "status";
  className?: string;
}

/** An inline message box (shadcn's Alert pattern) for the auth pages: a title, text and optional actions. */
export function AuthAlert({ title, children, variant = "info", role, className }: AuthAlertProps) {
  return (
    <div
      role={role}
      className={cn(
        "grid gap-2 rounded-xl border p-4 text-sm",
        variant === "error" ? "border-destructive/60 bg-destructive/10" : "border-brand/40 bg-brand-soft",
        className,
      )}
    >
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}
