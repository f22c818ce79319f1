import { CircleCheck, Clock } from "lucide-react";
import type { ReferralBonusStatus, ReferredFriend } from "~/core/api/referrals";
import { REFERRAL_EXPIRY_DAYS } from "~/core/earning";
import { HELD_REFERRAL_NEXT, HELD_REFERRAL_REASON, releaseProgressText } from "~/core/referrals";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

type Release = { coins: number; days: number };

function bonusLabel(friend: ReferredFriend, release: Release): string {
  const progress = friend.progress ? `: ${releaseProgressText(friend.progress, release)}` : "";
  const labels: Record<ReferralBonusStatus, string> = {
    joined: "Joined: bonus after their first earning",
    pending: `Bonus pending${progress}`,
    paid: "Bonus available",
    held: "Bonus held for review",
    declined: "Bonus declined",
    limit: `Friend's bonus only; your 30-day referral limit is reached${progress}`,
    left: "Bonus declined: this friend deleted their account",
    expired: `Bonus declined: not available within ${REFERRAL_EXPIRY_DAYS} days`,
  };
  return labels[friend.bonus];
}

/** A paid pair: what the referrer was paid and when ('+50 coins paid on Nov 29, 2026'). */
function paidLabel(friend: ReferredFriend): string {
  if (!friend.paid) return "Bonus available";
  return `+${friend.paid.coins} coins paid on ${dateFormat.format(new Date(friend.paid.at))}`;
}

/** What a friend's state means for the referrer, where the badge alone does not say it (docs/product.md). */
function bonusNote(friend: ReferredFriend): string | null {
  if (friend.bonus === "held") return `${HELD_REFERRAL_REASON} ${HELD_REFERRAL_NEXT}`;
  if (friend.bonus === "pending")
    return "Both bonuses become available once this friend's own earnings clear.";
  if (friend.bonus === "left") return "A bonus is never paid because of an account that no longer exists.";
  return null;
}

/** Beyond the spec: who signed up with the code, and whether their bonus is paid yet. */
export function ReferredFriends({ friends, release }: { friends: ReferredFriend[]; release: Release }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Referred Friends</CardTitle>
        <CardDescription>
          {`Each bonus is pending from a friend's first earning, and available once they have earned ${release.coins} coins on ${release.days} different days within ${REFERRAL_EXPIRY_DAYS} days of signing up.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {friends.length === 0 ? (
          <p className="text-muted-foreground">No friends have signed up with your code yet.</p>
        ) : (
          <ul aria-label="Referred friends" className="divide-y">
            {friends.map((friend) => {
              const note = bonusNote(friend);
              return (
                <li
                  key={`${friend.email}-${friend.joinedAt}`}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-all">{friend.email}</p>
                    <p className="text-sm text-muted-foreground">
                      {"Joined "}
                      <time dateTime={friend.joinedAt}>{dateFormat.format(new Date(friend.joinedAt))}</time>
                    </p>
                    {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
                  </div>
                  {friend.bonus === "paid" ? (
                    <span className="inline-flex max-w-full items-center gap-1 self-start rounded-full bg-emerald-100 px-2.5 py-1 text-sm font-medium text-emerald-900 sm:shrink-0 sm:self-center dark:bg-emerald-950 dark:text-emerald-100">
                      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
                      {paidLabel(friend)}
                    </span>
                  ) : (
                    <span className="inline-flex max-w-full items-center gap-1 self-start rounded-2xl bg-muted px-2.5 py-1 text-sm font-medium sm:max-w-64 sm:self-center">
                      <Clock aria-hidden="true" className="size-4 shrink-0" />
                      <span className="min-w-0">{bonusLabel(friend, release)}</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
