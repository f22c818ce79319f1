import { Info, PlayCircle } from "lucide-react";
import { rewards } from "~/core/coins";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { useAllowance } from "~/web/features/earning/api/get-allowance";
import { TodayPanel } from "~/web/features/earning/components/today-panel";
import { VideoGallery } from "~/web/features/videos/components/video-gallery";
import { useSession } from "~/web/lib/session";

const coins = rewards.video_watch.amount;

/**
 * The note above the gallery, agreeing with the buttons: a signed-in player presses 'Watch Video (Earn N Coins)';
 * a guest's button is disabled ('Login to Watch & Earn'), so a guest is told to play on the player and log in to earn.
 */
function WatchNote() {
  const signedIn = useSession().status === "signed-in";
  return signedIn ? (
    <p>
      <strong className="font-semibold">Watch to the end to earn.</strong>
      {` Press 'Watch Video (Earn ${coins} Coins)' and the video plays from the start; when it ends you earn ${coins} coins — each video once a day. Captions are on the player's menu.`}
    </p>
  ) : (
    <p>
      <strong className="font-semibold">Watch to the end to earn.</strong>
      {` As a guest you can play any video on its player, for no coins. Log in and a video watched to its end pays ${coins} coins — each video once a day. Captions are on the player's menu.`}
    </p>
  );
}

/** /videos 'Watch & Earn': real videos; a full watch pays signed-in users 10 coins, once per video a day. */
export function VideosRoute() {
  return (
    <Page title="Watch & Earn" icon={PlayCircle} description="Watch videos and earn coins for your time.">
      <div className="mx-auto flex max-w-5xl flex-col gap-8">
        <div role="note" className="flex items-start gap-3 rounded-xl border bg-brand-soft px-4 py-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <WatchNote />
        </div>
        <SessionGate guests message="Log in to watch videos and earn coins.">
          {(user) => <Gallery userId={user?.id ?? null} />}
        </SessionGate>
      </div>
    </Page>
  );
}

/** The gallery with today's paid state of each video (from the allowance), and the 'Today' panel. */
function Gallery({ userId }: { userId: string | null }) {
  const allowance = useAllowance(userId);
  const paidVideoIds = allowance.data?.videos.filter((v) => v.left === 0).map((v) => v.videoId) ?? [];
  return (
    <>
      <VideoGallery signedIn={userId !== null} paidVideoIds={paidVideoIds} />
      <TodayPanel userId={userId} />
    </>
  );
}
