import { CircleCheck, CircleX, ListChecks } from "lucide-react";
import type { RedeemEligibility } from "~/core/api/redemptions";
import { AppLink } from "~/web/components/ui/app-link";
import { SectionCard } from "~/web/components/ui/section-card";
import { cn } from "~/web/lib/cn";

/** 'Before you cash out': the rules the server applies to a request, each unmet one linking to its fix. */
export function RedeemChecklist({ eligibility }: { eligibility: RedeemEligibility }) {
  return (
    <SectionCard icon={ListChecks} title="Before you cash out" contentClassName="flex flex-col gap-4">
      <ul aria-label="Cash-out checklist" className="flex flex-col gap-3">
        {eligibility.checklist.map((item) => (
          <li key={item.key} className="flex items-start gap-3">
            {item.ok ? (
              <CircleCheck
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400"
              />
            ) : (
              <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" />
            )}
            <div className="min-w-0">
              <p className={cn("font-medium", !item.ok && "text-foreground")}>
                {item.label}
                <span className="sr-only">{item.ok ? " (done)" : " (not yet)"}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {item.detail}{" "}
                {!item.ok && item.href ? (
                  <AppLink
                    to={item.href}
                    className="font-medium text-foreground underline underline-offset-4"
                  >
                    {item.key === "kyc"
                      ? "Verify my identity"
                      : item.key === "balance"
                        ? "Earn coins"
                        : "Fix this"}
                  </AppLink>
                ) : null}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        {`Minimum ${eligibility.minCoins} coins ($${eligibility.minDollars}); up to $${eligibility.dailyCapDollars} a day; ${eligibility.maxPending === 1 ? "one pending request" : `${eligibility.maxPending} pending requests`} at a time.`}
      </p>
    </SectionCard>
  );
}
