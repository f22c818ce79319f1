import { ledgerKindLabels } from "~/core/admin";
import type { ProposalCase as Case, Proposal } from "~/core/api/dual-control";
import { formatCount } from "~/core/coins";
import { type PayoutMethod, payoutMethodLabels } from "~/core/redemptions";
import { Words } from "~/web/components/words";
import { formatTime } from "./format";

const isMethod = (m: string): m is PayoutMethod => m in payoutMethodLabels;

/**
 * The whole case a second administrator decides on (docs/product.md, "Dual control"): the account (address,
 * role, KYC status, age), for an adjustment the balance before and after, for a redemption the method, payout
 * address, same-person signals and earnings, for a role change who and what; and the account's latest coin
 * movements and recent earning.
 */
export function ProposalCase({ p, c }: { p: Proposal; c: Case }) {
  const r = c.redemption;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Account</dt>
        <dd className="break-all">{`${c.account.email} (${c.account.role === "admin" ? "administrator" : "user"} since ${formatTime(c.account.createdAt)})`}</dd>
        <dt className="text-muted-foreground">KYC</dt>
        <dd>{c.account.kycStatus}</dd>
        {p.kind === "coins.adjust" ? (
          <>
            <dt className="text-muted-foreground">Balance</dt>
            <dd>{`${formatCount(c.balanceBefore)} → ${formatCount(c.balanceAfter)} coins`}</dd>
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">Balance</dt>
            <dd>{`${formatCount(c.balanceBefore)} coins`}</dd>
          </>
        )}
        {p.kind === "role.change" ? (
          <>
            <dt className="text-muted-foreground">Role</dt>
            <dd>{`${c.account.role} → ${p.role ?? "user"}`}</dd>
          </>
        ) : null}
        {r ? (
          <>
            <dt className="text-muted-foreground">Payout</dt>
            <dd className="break-all">{`${isMethod(r.method) ? payoutMethodLabels[r.method] : r.method} to ${r.recipient}`}</dd>
            <dt className="text-muted-foreground">Earnings</dt>
            <dd>
              {r.earnings.length
                ? r.earnings
                    .map((e) => `${ledgerKindLabels[e.kind] ?? e.kind}: ${formatCount(e.coins)}`)
                    .join(", ")
                : "none"}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Earned in 7 days</dt>
        <dd>{`${formatCount(c.earnedLast7Days)} coins`}</dd>
      </dl>
      {r?.signals.length ? (
        <ul aria-label="Signals" className="list-disc pl-5 text-red-800 dark:text-red-300">
          {r.signals.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary className="cursor-pointer font-medium">{`Latest coin movements (${c.history.length})`}</summary>
        <ul aria-label="Latest coin movements" className="mt-1 flex flex-col gap-1">
          {c.history.map((h) => (
            <li key={`${h.createdAt}-${h.kind}-${h.amount}`} className="break-words">
              {`${formatTime(h.createdAt)}: ${h.amount > 0 ? "+" : "−"}${formatCount(Math.abs(h.amount))} (${ledgerKindLabels[h.kind] ?? h.kind})`}
              {h.reason ? (
                <>
                  {" "}
                  <Words text={h.reason} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
