import { History } from "lucide-react";
import { AppLink } from "~/web/components/ui/app-link";
import { SectionCard } from "~/web/components/ui/section-card";
import { Words } from "~/web/components/words";
import { paths } from "~/web/config/paths";
import { cn } from "~/web/lib/cn";
import { useTransactions } from "../api/get-transactions";

const SHOWN = 5;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** 'Recent activity': the last few lines of the user's history — earnings, redemptions, refunds — (the server's: a quiz session as one), with a link to the wallet. */
export function RecentEarnings({ userId }: { userId: string | null }) {
  const query = useTransactions(userId ?? "", userId !== null);
  const lines = query.data?.pages[0]?.entries.slice(0, SHOWN) ?? [];
  return (
    <SectionCard icon={History} title="Recent activity">
      {query.data === undefined ? (
        query.isError ? (
          <p role="alert">Could not load your history.</p>
        ) : (
          <ul aria-hidden="true" className="divide-y">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
              <li key={i} className="flex h-[52px] items-center">
                <span className="h-4 w-2/3 animate-pulse rounded bg-muted" />
              </li>
            ))}
          </ul>
        )
      ) : lines.length === 0 ? (
        <p className="text-muted-foreground">No activity yet: your first coins will show here.</p>
      ) : (
        <ul aria-label="Recent activity" className="divide-y">
          {lines.map((line) => (
            <li key={line.id} className="flex items-center justify-between gap-4 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  <Words text={line.reason} />
                </p>
                <time dateTime={line.createdAt} className="text-sm text-muted-foreground">
                  {dateFormat.format(new Date(line.createdAt))}
                </time>
              </div>
              <p
                className={cn(
                  "shrink-0 font-semibold tabular-nums",
                  line.amount >= 0
                    ? "text-emerald-700 dark:text-emerald-400"
                    : "text-red-700 dark:text-red-400",
                )}
              >
                {`${line.amount >= 0 ? "+" : "-"}${Math.abs(line.amount)} Coins`}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <AppLink
          to={paths.wallet.getHref()}
          className="font-semibold text-brand underline underline-offset-4"
        >
          All transactions in your wallet
        </AppLink>
      </p>
    </SectionCard>
  );
}
