import { Info, PlayCircle } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { LoginPrompt } from "~/web/components/login-prompt";
import { Spinner } from "~/web/components/ui/spinner";
import { VideoGallery } from "~/web/features/videos/components/video-gallery";
import { useSession } from "~/web/lib/session";

/** /videos 'Watch & Earn' (SPEC §2): placeholder videos; 10 coins per click for signed-in users. */
export function VideosRoute() {
  const { status } = useSession();
  return (
    <Page title="Watch & Earn" icon={PlayCircle} description="Watch videos and earn coins for your time.">
      <div className="mx-auto flex max-w-5xl flex-col gap-8">
        <div role="note" className="flex items-start gap-3 rounded-xl border bg-brand-soft px-4 py-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <p>
            <strong className="font-semibold">Video service integration required.</strong> Playback needs a
            video service that is not connected yet, so these videos are placeholders: each watch pays 10
            coins to signed-in users.
          </p>
        </div>
        {status === "loading" ? (
          <div className="flex justify-center">
            <Spinner />
          </div>
        ) : (
          <>
            {status === "signed-out" ? (
              <LoginPrompt message="Log in to watch videos and earn coins." />
            ) : null}
            <VideoGallery signedIn={status === "signed-in"} />
          </>
        )}
      </div>
    </Page>
  );
}
