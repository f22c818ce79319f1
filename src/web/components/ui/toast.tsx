import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/web/lib/cn";
import type { NoticeVariant } from "~/web/lib/notify";

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "pointer-events-none fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-sm",
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<NoticeVariant, string> = {
  default: "border bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

export function Toast({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: NoticeVariant }) {
  return (
    <ToastPrimitive.Root
      data-notice=""
      className={cn(
        "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl p-4 pr-10 shadow-lg data-[state=closed]:pointer-events-none",
        "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        "motion-safe:data-[state=open]:animate-toast-in motion-safe:data-[state=closed]:animate-toast-out motion-safe:data-[swipe=end]:animate-toast-swipe-out",
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-sm opacity-90", className)} {...props} />;
}

/** A button in the notice (e.g. 'Try again'); `altText` tells screen-reader users how to reach it otherwise. */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        "mt-2 inline-flex h-8 items-center justify-self-start rounded-md border border-current px-3 text-sm font-medium",
        "hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-current",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        "absolute top-3 right-3 rounded-md p-1 opacity-80 transition-opacity hover:opacity-100",
        "focus-visible:outline-2 focus-visible:outline-current",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
