import { type ReactNode, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/web/components/ui/alert-dialog";

export interface Confirmation {
  title: string;
  /** The effect, stated: '+1 000 coins to ada@example.com: 70 → 1 070'. */
  effect: string;
  /** More words under the effect (who must approve it, what cannot be undone). */
  detail?: ReactNode;
  /**
   * Said before the effect is confirmed, in bold: 'Needs a second administrator: this becomes a proposal'
   * (docs/product.md, "Dual control").
   */
  notice?: string;
  confirmLabel: string;
}

/**
 * The console's confirmation before anything that moves coins or money (docs/product.md, "Confirm before it
 * moves"): `await confirm({ … })` opens a dialog stating the effect and resolves true on the confirm button,
 * false on Cancel or Escape. Render `dialog` once in the component.
 */
export function useConfirm() {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const answer = useRef<((ok: boolean) => void) | null>(null);

  function confirm(confirmation: Confirmation): Promise<boolean> {
    answer.current?.(false);
    setAsked(confirmation);
    return new Promise((resolve) => {
      answer.current = resolve;
    });
  }

  function settle(ok: boolean) {
    answer.current?.(ok);
    answer.current = null;
    setAsked(null);
  }

  const dialog = (
    <AlertDialog open={asked !== null} onOpenChange={(open) => (open ? undefined : settle(false))}>
      {asked ? (
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{asked.title}</AlertDialogTitle>
            <AlertDialogDescription className="text-base font-semibold text-foreground break-words">
              {asked.effect}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {asked.notice ? (
            <p className="rounded-md border border-amber-600 px-3 py-2 text-sm font-semibold text-foreground">
              {asked.notice}
            </p>
          ) : null}
          {asked.detail ? <div className="text-sm text-muted-foreground">{asked.detail}</div> : null}
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => settle(false)}>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => settle(true)}>{asked.confirmLabel}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
  return { confirm, dialog };
}
