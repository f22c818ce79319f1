import { CircleCheck, Clock } from "lucide-react";
import type { ReferralBonusStatus, ReferredFriend } from "~/core/api/referrals";
import { REFERRAL_EXPIRY_DAYS } from "~/core/earning";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

type Release = { coins: number; days: number };

function bonusLabel(friend: ReferredFriend, release: Release): string {
  const progress = friend.progress
    ? `: ${Math.min(friend.progress.coins, release.coins)} of ${release.coins} coins, ${Math.min(friend.progress.days, release.days)} of ${release.days} days`
    : "";
  const labels: Record<ReferralBonusStatus, string> = {
    joined: "Joined: bonus after their first earning",
    pending: `Bonus pending${progress}`,
    paid: "Bonus available",
    held: "Bonus held for review",
    declined: "Bonus declined",
    limit: `Friend's bonus only; your 30-day referral limit is reached${progress}`,
  };
  return labels[friend.bonus];
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
            {friends.map((friend) => (
              <li
                key={`${friend.email}-${friend.joinedAt}`}
                className="flex items-center justify-between gap-4 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{friend.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {"Joined "}
                    <time dateTime={friend.joinedAt}>{dateFormat.format(new Date(friend.joinedAt))}</time>
                  </p>
                </div>
                {friend.bonus === "paid" ? (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                    <CircleCheck aria-hidden="true" className="size-4" />
                    Bonus available
                  </span>
                ) : (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2.5 py-1 text-sm font-medium">
                    <Clock aria-hidden="true" className="size-4" />
                    {bonusLabel(friend, release)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
