import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/web/components/ui/alert-dialog";

export interface PlayedVideo {
  title: string;
  /** Coins this watch paid. */
  amount: number;
}

/** The alert after a paid watch: the video watched, and the coins earned. */
export function VideoPlayedDialog({ played, onClose }: { played: PlayedVideo | null; onClose: () => void }) {
  return (
    <AlertDialog
      open={played !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{played?.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {`Thanks for watching! You earned ${played?.amount ?? 0} coins.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
