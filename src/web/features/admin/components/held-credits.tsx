import { zodResolver } from "@hookform/resolvers/zod";
import { type BaseSyntheticEvent, useId } from "react";
import { useForm } from "react-hook-form";
import { reasonInput } from "~/core/api/admin";
import type { HeldCreditList } from "~/core/api/partners";
import { PagedList } from "~/web/components/paged-list";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { decideHeldCredit, useHeldCredits } from "../api/held-credits";
import { useAdminMutation } from "../api/user-actions";
import { useConfirm } from "./confirm-dialog";
import { formatTime } from "./format";
import { ReasonField } from "./reason-field";
import type { useReauth } from "./reauth";

type HeldCredit = HeldCreditList["credits"][number];
type Decision = "release" | "decline";
type Run = ReturnType<typeof useReauth>["run"];

const resultWords = {
  available: "Its coins are in the player's balance.",
  pending: "Its coins are pending until the partner's hold has passed.",
  declined: "No coins were paid.",
} as const;

/** The decision form: a required reason, Release / Decline (the button pressed is the decision). */
function DecideCredit({ credit, run }: { credit: HeldCredit; run: Run }) {
  const id = useId();
  const decide = useAdminMutation(decideHeldCredit);
  const { confirm, dialog } = useConfirm();
  const form = useForm({
    defaultValues: { reason: "" },
    resolver: zodResolver(reasonInput),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const who = credit.email ?? "a deleted account";

  async function submit({ reason }: { reason: string }, event?: BaseSyntheticEvent) {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null;
    const decision: Decision = submitter?.value === "decline" ? "decline" : "release";
    if (
      decision === "release" &&
      !(await confirm({
        title: "Release this partner credit?",
        effect: `+${credit.coins} coins to ${who} from ${credit.partner}`,
        detail: "Paid now when the partner's hold has passed, else pending until then.",
        confirmLabel: "Release credit",
      }))
    )
      return;
    await run(async () => {
      const result = await decide.mutateAsync({ id: credit.id, decision, reason });
      notify({
        title: result.state === "declined" ? "Partner credit declined" : "Partner credit released",
        description: resultWords[result.state],
      });
    }).catch((err: unknown) =>
      notify({
        title: "Could not decide the partner credit",
        description: err instanceof Error ? err.message : String(err),
        reference: referenceOf(err),
        variant: "destructive",
      }),
    );
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      className="grid gap-3"
      noValidate
      aria-label={`Decide the credit of ${who} from ${credit.partner}`}
    >
      {dialog}
      <ReasonField id={id} error={form.formState.errors.reason?.message} field={form.register("reason")} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="decision" value="release" disabled={decide.isPending}>
          {decide.isPending ? "Processing..." : "Release credit"}
        </Button>
        <Button
          type="submit"
          name="decision"
          value="decline"
          variant="destructive"
          disabled={decide.isPending}
        >
          Decline credit
        </Button>
      </div>
    </form>
  );
}

/** One held credit: partner, player, coins, why and when, and the decision (never on one's own credit). */
function HeldCreditCard({ credit, selfId, run }: { credit: HeldCredit; selfId: string; run: Run }) {
  const facts: [string, string][] = [
    ["Partner", credit.partner],
    ["Coins", String(credit.coins)],
    ["Received", formatTime(credit.createdAt)],
    ["Transaction", credit.transactionId],
    ["Why held", credit.reason],
  ];
  return (
    <li>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="break-all text-base">
            {`${credit.coins} coins for ${credit.email ?? "a deleted account"}`}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
          {credit.userId === selfId ? (
            <p role="note">This credit is yours: another administrator decides it.</p>
          ) : (
            <DecideCredit credit={credit} run={run} />
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/** Partner credits held for review (past a partner's daily cap per player), newest first, older on demand. */
export function HeldCredits({ selfId, run }: { selfId: string; run: Run }) {
  const query = useHeldCredits();
  const credits = query.data?.pages.flatMap((p) => p.credits) ?? [];
  return (
    <PagedList
      query={query}
      what="the held credits"
      count={credits.length}
      empty="No partner credits are held for review."
    >
      <p className="text-sm text-muted-foreground">
        Release pays a credit now when its partner's hold has passed, else makes it pending until then;
        decline pays nothing. One administrator decides; never their own credit.
      </p>
      <ul className="flex flex-col gap-4" aria-label="Held credits">
        {credits.map((credit) => (
          <HeldCreditCard key={credit.id} credit={credit} selfId={selfId} run={run} />
        ))}
      </ul>
    </PagedList>
  );
}
