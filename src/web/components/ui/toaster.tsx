import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "~/web/components/ui/toast";
import { dismissNotice, NOTICE_DURATION_MS, useNotices } from "~/web/lib/notify";
import { useSupportEmail } from "~/web/lib/support";

/**
 * Renders the notices of `notify()`: one at a time, 5 s default, swipe right (50 px) or F8 to reach them. A
 * server failure's notice names its reference and, when there is one, the support address (docs/product.md).
 */
export function Toaster() {
  const notices = useNotices();
  const support = useSupportEmail();
  return (
    <ToastProvider duration={NOTICE_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {notices.map((notice) => (
        <Toast
          key={notice.id}
          open={notice.open}
          duration={notice.duration}
          variant={notice.variant}
          type={notice.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissNotice(notice.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{notice.title}</ToastTitle>
            {notice.description ? <ToastDescription>{notice.description}</ToastDescription> : null}
            {notice.reference ? (
              <ToastDescription className="text-xs">
                {support
                  ? `Reference ${notice.reference} — write to ${support} if it keeps happening.`
                  : `Reference ${notice.reference}`}
              </ToastDescription>
            ) : null}
            {notice.action ? (
              <ToastAction altText={notice.action.label} onClick={notice.action.onClick}>
                {notice.action.label}
              </ToastAction>
            ) : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
