import { zodResolver } from "@hookform/resolvers/zod";
import { type BaseSyntheticEvent, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { reasonInput } from "~/core/api/admin";
import type { HeldReferral } from "~/core/api/referrals";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { decideReferral, useHeldReferrals } from "../api/referral-reviews";
import { useAdminMutation } from "../api/user-actions";
import { useConfirm } from "./confirm-dialog";
import { formatTime } from "./format";
import { ReasonField } from "./reason-field";

type Decision = "release" | "decline";

/** One held pair: who, from where, when and why, with a required reason and Release / Decline. */
function HeldReferralCard({ item, selfId }: { item: HeldReferral; selfId: string }) {
  const id = useId();
  const decide = useAdminMutation(decideReferral);
  const { confirm, dialog } = useConfirm();
  const own = item.referrerId === selfId || item.referredId === selfId;
  const form = useForm({
    defaultValues: { reason: "" },
    resolver: zodResolver(reasonInput),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });

  /** The button pressed (Release or Decline) is the decision. */
  async function submit({ reason }: { reason: string }, event?: BaseSyntheticEvent) {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null;
    const decision: Decision = submitter?.value === "decline" ? "decline" : "release";
    if (
      decision === "release" &&
      !(await confirm({
        title: "Release this referral bonus?",
        effect: `+50 coins to ${item.friendEmail} and +50 coins to ${item.referrerEmail}`,
        detail: "The referrer's half is paid only while they are under their 30-day referral limit.",
        confirmLabel: "Release bonus",
      }))
    )
      return;
    try {
      const result = await decide.mutateAsync({ referredId: item.referredId, decision, reason });
      notify(
        result.status === "released"
          ? {
              title: "Referral bonus released",
              description: `${item.friendEmail} received ${result.friendCoins} Coins and ${item.referrerEmail} received ${result.referrerCoins} Coins.`,
            }
          : { title: "Referral bonus declined", description: "No coins were paid." },
      );
    } catch (err) {
      notify({
        title: "Could not decide the referral bonus",
        description: err instanceof Error ? err.message : String(err),
        reference: referenceOf(err),
        variant: "destructive",
      });
    }
  }

  return (
    <li>
      {dialog}
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="break-all text-base">
            {`${item.friendEmail}, referred by ${item.referrerEmail}`}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Friend's sign-up address</dt>
              <dd className="break-all font-mono">{item.friendSignupIp ?? "Unknown"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Referrer's sign-up address</dt>
              <dd className="break-all font-mono">{item.referrerSignupIp ?? "Unknown"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Referred</dt>
              <dd>{formatTime(item.referredAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Why held</dt>
              <dd>{item.why}</dd>
            </div>
          </dl>
          {own ? (
            <p role="note">This bonus pays you: another administrator decides it.</p>
          ) : (
            <form
              onSubmit={form.handleSubmit(submit)}
              className="grid gap-3"
              noValidate
              aria-label={`Decide the referral bonus of ${item.friendEmail}`}
            >
              <ReasonField
                id={id}
                error={form.formState.errors.reason?.message}
                field={form.register("reason")}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="decision" value="release" disabled={decide.isPending}>
                  {decide.isPending ? "Processing..." : "Release bonus"}
                </Button>
                <Button
                  type="submit"
                  name="decision"
                  value="decline"
                  variant="destructive"
                  disabled={decide.isPending}
                >
                  Decline bonus
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/** The queue of referral bonus pairs held for review, oldest first, 20 per page. */
export function ReferralReviews({ selfId }: { selfId: string }) {
  const [page, setPage] = useState(1);
  const query = useHeldReferrals(page);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <QueryState query={query} what="the referral reviews">
      {data && data.items.length === 0 ? (
        <p className="text-muted-foreground">No referral bonuses are waiting for review.</p>
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            {`${data.total} held for review. Release pays the friend and the referrer 50 Coins each; decline pays nothing.`}
          </p>
          <ul className="flex flex-col gap-4">
            {data.items.map((item) => (
              <HeldReferralCard key={item.referredId} item={item} selfId={selfId} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Referral review pages" className="flex items-center gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm">{`Page ${page} of ${pages}`}</span>
              <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </QueryState>
  );
}
