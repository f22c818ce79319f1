import { QueryClientProvider } from "@tanstack/react-query";
import { ArrowRight, Coins, LayoutDashboard, Sparkles } from "lucide-react";
import { Suspense } from "react";
import { Page } from "~/web/components/layout/page";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { SectionCard } from "~/web/components/ui/section-card";
import { nextAction } from "~/web/features/dashboard/components/next-action";
import { PayoutProgress } from "~/web/features/dashboard/components/payout-progress";
import { PlayerMonth } from "~/web/features/dashboard/components/player-month";
import { useAllowance } from "~/web/features/earning/api/get-allowance";
import { TodayPanel } from "~/web/features/earning/components/today-panel";
import { PendingPartnerCoins } from "~/web/features/offers/components/pending-partner-coins";
import { TodaysQuizzesCard } from "~/web/features/quizzes/components/todays-quizzes";
import { PendingReferralCoins } from "~/web/features/referral/components/pending-referral-coins";
import { GoalStreakCard } from "~/web/features/streak/components/goal-streak-card";
import { useRedeemEligibility } from "~/web/features/wallet/api/get-redemptions";
import { RecentEarnings } from "~/web/features/wallet/components/recent-earnings";
import { useBalance } from "~/web/lib/balance";
import { queryClient } from "~/web/lib/query-client";
import { useSession } from "~/web/lib/session";

/**
 * "/" for a signed-in player (docs/product.md, "Dashboard"): the balance and the way to the next payout, today's
 * earning and the one next step, the daily goal and streak, the last earnings, the last 30 days in a chart, and
 * today's featured quizzes. Prerendered while the session is being checked (a visitor with a session cookie gets
 * that page), every card with the frame of its content, so nothing moves when the data arrives. Its own chunk: a
 * guest's "/" never loads it.
 */
export function DashboardRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <Dashboard />
    </QueryClientProvider>
  );
}

function Dashboard() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { balance, isLoading } = useBalance();
  const eligibility = useRedeemEligibility(userId ?? "", userId !== null);
  const allowance = useAllowance(userId);
  const action = allowance.data ? nextAction(allowance.data) : null;
  return (
    <Page
      title="Your dashboard"
      documentTitle="Dashboard"
      icon={LayoutDashboard}
      description="Your coins, what today still pays, and your streak."
    >
      {/* Each card in a boundary of its own: a prerendered page hydrates them in separate, short tasks
          (docs/decisions/044-short-main-thread-tasks.md). */}
      <div className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-2">
        <Suspense>
          <SectionCard icon={Coins} title="Your balance">
            <PayoutProgress
              balance={userId === null || isLoading ? undefined : balance}
              minCoins={eligibility.data?.minCoins}
            />
          </SectionCard>
        </Suspense>
        <Suspense>
          <SectionCard icon={Sparkles} title="Next up">
            <div className="flex min-h-[88px] flex-col justify-center gap-3">
              {action?.href ? (
                <AppLink
                  to={action.href}
                  className={buttonVariants({ size: "lg", className: "whitespace-normal" })}
                >
                  {action.label}
                  <ArrowRight aria-hidden="true" />
                </AppLink>
              ) : action ? (
                <p className="font-medium">{action.label}</p>
              ) : allowance.isError ? (
                <p>Could not load what today still pays.</p>
              ) : (
                <span aria-hidden="true" className="block h-11 animate-pulse rounded-lg bg-muted" />
              )}
            </div>
          </SectionCard>
        </Suspense>
        <div className="lg:col-span-2 [&>*]:max-w-none">
          <Suspense>
            <TodayPanel userId={userId} pending />
          </Suspense>
        </div>
        {userId ? (
          <div className="flex flex-col gap-4 lg:col-span-2 empty:hidden">
            <PendingPartnerCoins userId={userId} />
            <PendingReferralCoins userId={userId} />
          </div>
        ) : null}
        <Suspense>
          <GoalStreakCard userId={userId} />
        </Suspense>
        <Suspense>
          <RecentEarnings userId={userId} />
        </Suspense>
        <div className="min-w-0 lg:col-span-2">
          <Suspense>
            <PlayerMonth userId={userId} />
          </Suspense>
        </div>
        {/* Last: whatever it takes to arrive, nothing visible moves (its row is as tall loading as loaded). */}
        <div className="min-w-0 lg:col-span-2">
          <Suspense>
            <TodaysQuizzesCard userId={userId} />
          </Suspense>
        </div>
      </div>
    </Page>
  );
}
