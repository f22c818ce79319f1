import { zodResolver } from "@hookform/resolvers/zod";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { passwordCheckSchema } from "~/core/api/account";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { buttonVariants } from "~/web/components/ui/button-variants";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/web/components/ui/dialog";
import { SectionCard } from "~/web/components/ui/section-card";
import { notify } from "~/web/lib/notify";
import { useDownloadKycDocument, useKycDocuments } from "../api/kyc-documents";
import { TextField } from "./text-field";

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** Asks for the password, then saves the KYC document `id`. */
function DocumentDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const fieldId = useId();
  const download = useDownloadKycDocument();
  const form = useForm({ defaultValues: { password: "" }, resolver: zodResolver(passwordCheckSchema) });
  function submit({ password }: { password: string }) {
    if (!id) return;
    download.mutate(
      { id, password },
      {
        onSuccess: () => {
          form.reset();
          notify({ title: "Download Started", description: "Your identity document is being saved." });
          onClose();
        },
        onError: (error) => form.setError("password", { message: error.message }),
      },
    );
  }
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Download your identity document</DialogTitle>
          <DialogDescription>Enter your password to download the document you uploaded.</DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(submit)} className="grid gap-4">
          <TextField
            id={fieldId}
            label="Password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
          <DialogFooter>
            <Button type="submit" disabled={download.isPending}>
              {download.isPending ? "Checking..." : "Download document"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Your data: the whole record as JSON, the ledger as CSV, and the KYC document behind a password check. */
export function DataCard({ userId }: { userId: string }) {
  const documents = useKycDocuments(userId);
  const [asking, setAsking] = useState<string | null>(null);
  const available = (documents.data?.documents ?? []).filter((d) => d.available);
  return (
    <SectionCard icon={Download} title="Your data">
      <p className="mb-4 text-sm text-muted-foreground">
        Download everything we hold about you: your profile, sessions, the whole coin ledger with its reasons,
        games, quizzes, video watches, referrals, redemptions and their history, identity verification status
        and decisions, and the audit entries about your account. Friends and referrers appear masked;
        administrators appear as 'administrator'.
      </p>
      <div className="flex flex-wrap gap-3">
        <a className={buttonVariants()} href="/api/account/export" download>
          Download my data
        </a>
        <a className={buttonVariants({ variant: "outline" })} href="/api/account/export/ledger.csv" download>
          Download coin ledger (CSV)
        </a>
      </div>
      <div className="mt-6 grid gap-2">
        <h3 className="font-semibold">Identity documents</h3>
        <QueryState query={documents} what="your identity documents">
          {available.length ? (
            <ul className="grid gap-2">
              {available.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>{`Submitted ${date(d.submittedAt)} (${d.status})`}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Download document submitted ${date(d.submittedAt)}`}
                    onClick={() => setAsking(d.id)}
                  >
                    Download document
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              We hold no identity document of yours (none was uploaded, or it was deleted after the retention
              period).
            </p>
          )}
        </QueryState>
      </div>
      <DocumentDialog id={asking} onClose={() => setAsking(null)} />
    </SectionCard>
  );
}
