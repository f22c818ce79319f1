import { MonitorSmartphone } from "lucide-react";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { SectionCard } from "~/web/components/ui/section-card";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useEndSessions, useSessions } from "../api/get-sessions";

const time = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Sessions: every device signed in, this one marked; end one, or every other one. */
export function SessionsCard({ userId }: { userId: string }) {
  const query = useSessions(userId);
  const end = useEndSessions(userId);
  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  function endSessions(id: string | null) {
    end.mutate(id, {
      onSuccess: ({ ended }) =>
        notify({
          title: "Signed Out",
          description:
            id === null
              ? `${ended} other session${ended === 1 ? "" : "s"} ended.`
              : "That session has been ended.",
        }),
      onError: (error) =>
        notify({
          title: "Could Not End Session",
          description: error.message,
          variant: "destructive",
          reference: referenceOf(error),
        }),
    });
  }

  return (
    <SectionCard icon={MonitorSmartphone} title="Where you're signed in">
      <QueryState query={query} what="your sessions">
        <ul className="grid gap-3" aria-label="Sessions">
          {sessions.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm"
            >
              <div className="grid gap-1">
                <p className="font-semibold">
                  {s.device}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">{`IP address: ${s.ipAddress ?? "unknown"}`}</p>
                <p className="text-muted-foreground">
                  {`Signed in ${time(s.createdAt)} · last active ${time(s.lastActiveAt)}`}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={end.isPending}
                  aria-label={`End session: ${s.device}, signed in ${time(s.createdAt)}`}
                  onClick={() => endSessions(s.id)}
                >
                  End session
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            disabled={end.isPending || others === 0}
            onClick={() => endSessions(null)}
          >
            End all other sessions
          </Button>
          <p className="text-sm text-muted-foreground">
            An ended session is signed out at its next request. 'Last active' is updated about once a day.
          </p>
        </div>
      </QueryState>
    </SectionCard>
  );
}
