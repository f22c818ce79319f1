import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { auditActionLabels } from "~/core/admin";
import { auditSentenceParts } from "~/core/audit-sentences";
import { PagedList } from "~/web/components/paged-list";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { Words } from "~/web/components/words";
import { type AuditFilter, useAudit } from "../api/get-audit";
import { formatTime } from "./format";

/** The filter fields: the e-mail or id fields trimmed, the action as chosen. */
const filterSchema = z.object({ actor: z.string().trim(), target: z.string().trim(), action: z.string() });

/** Every administrative action, newest first, filterable by administrator, target and action. */
export function AuditLog({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter: (next: AuditFilter) => void;
}) {
  const id = useId();
  const query = useAudit(filter);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  // The fields show the filter of the URL, also after going back or forward.
  const form = useForm<AuditFilter>({ values: filter, resolver: zodResolver(filterSchema) });
  const submit = form.handleSubmit(onFilter);

  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={submit}
        aria-label="Filter the audit log"
        className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-actor`}>Administrator (e-mail or id)</Label>
          <Input id={`${id}-actor`} {...form.register("actor")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-target`}>Target (e-mail or id)</Label>
          <Input id={`${id}-target`} {...form.register("target")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <select
            id={`${id}-action`}
            {...form.register("action")}
            className="h-10 rounded-lg border border-input bg-card px-3 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <option value="">Any action</option>
            {Object.entries(auditActionLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Filter</Button>
      </form>
      <PagedList query={query} what="the audit log" count={entries.length} empty="No matching entries.">
        <ol aria-label="Audit entries" className="flex flex-col gap-3">
          {entries.map((e) => (
            <li key={e.id} className="rounded-2xl border bg-card p-4 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">{auditActionLabels[e.action] ?? e.action}</span>
                <time dateTime={e.createdAt} className="text-muted-foreground">
                  {formatTime(e.createdAt)}
                </time>
              </p>
              <p className="mt-2 break-words">
                {auditSentenceParts(e).map((part, i) =>
                  // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's pieces never move
                  part.words ? <Words key={i} text={part.text} /> : part.text,
                )}
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-muted-foreground">Raw record</summary>
                <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-muted p-2 font-mono text-xs">
                  {JSON.stringify(
                    {
                      action: e.action,
                      actor: e.actor,
                      target: { type: e.targetType, id: e.targetId, email: e.targetEmail },
                      before: e.before,
                      after: e.after,
                      reason: e.reason,
                      requestId: e.requestId,
                    },
                    null,
                    2,
                  )}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      </PagedList>
    </div>
  );
}
