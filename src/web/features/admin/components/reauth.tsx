import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { verifyPasswordBodySchema } from "~/core/api/auth";
import { Button } from "~/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/web/components/ui/dialog";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { reauthenticate } from "../api/reauthenticate";

/**
 * Runs an administrative change; when the server answers REAUTH_REQUIRED (the session is older than
 * 15 minutes) it asks for the password, signs in again and runs the change once more.
 */
export function useReauth(email: string) {
  const pending = useRef<(() => Promise<void>) | null>(null);
  const [open, setOpen] = useState(false);

  async function run(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.code === "REAUTH_REQUIRED") {
        pending.current = action;
        setOpen(true);
        return;
      }
      throw error;
    }
  }

  const dialog = (
    <ReauthDialog
      email={email}
      open={open}
      onOpenChange={setOpen}
      onConfirmed={async () => {
        setOpen(false);
        const action = pending.current;
        pending.current = null;
        if (action)
          await action().catch((err: unknown) =>
            notify({
              title: "Change failed",
              description: err instanceof Error ? err.message : String(err),
              reference: referenceOf(err),
              variant: "destructive",
            }),
          );
      }}
    />
  );
  return { run, dialog };
}

function ReauthDialog({
  email,
  open,
  onOpenChange,
  onConfirmed,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirmed: () => Promise<void>;
}) {
  const id = useId();
  const form = useForm({ defaultValues: { password: "" }, resolver: zodResolver(verifyPasswordBodySchema) });
  const password = form.watch("password");
  const busy = form.formState.isSubmitting;
  // The server's refusal (a wrong password); a new submit clears it.
  const error = form.formState.errors.root?.message;

  async function submit(values: { password: string }) {
    try {
      await reauthenticate(email, values.password);
      form.resetField("password");
      await onConfirmed();
    } catch (err) {
      form.setError("root", { message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={form.handleSubmit(submit)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it's you</DialogTitle>
            <DialogDescription>
              This change needs a recent sign-in. Enter your password to continue; the change is then made.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              {...form.register("password")}
            />
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy || !password}>
              {busy ? "Processing..." : "Confirm"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
