import { type FormEvent, useId } from "react";
import { type ContentVideo, type VideoUpdateInput, videoUpdateInput } from "~/core/api/content-videos";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { fromLocalInput, operatorZone, shownInZone } from "~/web/lib/operator-time";
import { useContentVideos } from "../api/get-content-videos";
import { updateVideo, useVideoMutation } from "../api/save-video";
import { Field, PayAndSchedule, stateLabel, useSaveVideo } from "./video-fields";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const wholeOrNull = (value: string) => (value === "" ? null : Number(value));

/** One video's words, pay, order and schedule, and 'Retire now'; players see a saved change at once. */
function VideoEditor({ video }: { video: ContentVideo }) {
  const id = useId();
  const mutation = useVideoMutation((input: VideoUpdateInput) => updateVideo(video.id, input));
  const { problem, setProblem, submit, pending } = useSaveVideo(
    (input: VideoUpdateInput) => mutation.mutateAsync(input),
    "Video saved",
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = videoUpdateInput.safeParse({
      title: text(form, "title"),
      description: text(form, "description"),
      reward: Number(text(form, "reward")),
      watchesPerDay: wholeOrNull(text(form, "watchesPerDay")),
      position: Number(text(form, "position")),
      publishAt: fromLocalInput(text(form, "publishAt")),
      retireAt: fromLocalInput(text(form, "retireAt")),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the fields.");
    void submit(parsed.data);
  };
  const zone = operatorZone();
  return (
    <form
      aria-label={`Video ${video.title}`}
      onSubmit={onSubmit}
      className="grid gap-3 rounded-xl border p-4"
    >
      <p className="text-sm">
        <strong>{stateLabel[video.state]}</strong>
        {` · ${video.durationSeconds} s (read from the file) · publish ${shownInZone(video.publishAt)} · retire ${shownInZone(video.retireAt)} (${zone})`}
      </p>
      <Field id={`${id}-title`} name="title" label="Title" defaultValue={video.title} />
      <Field
        id={`${id}-description`}
        name="description"
        label="Description"
        defaultValue={video.description}
      />
      <PayAndSchedule id={id} video={video} />
      <FieldError id={`${id}-problem`} message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          Save video
        </Button>
        {video.state !== "retired" && (
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            onClick={() => void submit({ retireAt: new Date().toISOString() })}
          >
            Retire now
          </Button>
        )}
      </div>
    </form>
  );
}

/** Every video, scheduled, live and retired, a page at a time. */
export function VideoList() {
  const query = useContentVideos();
  const videos = query.data?.pages.flatMap((p) => p.videos) ?? [];
  return (
    <QueryState query={query} what="the videos">
      <section aria-label="Videos" className="grid gap-4">
        <h2 className="text-lg font-semibold">{`Videos (${videos.length}${query.hasNextPage ? "+" : ""})`}</h2>
        {videos.map((video) => (
          <VideoEditor
            key={`${video.id}-${video.title}-${video.retireAt}-${video.publishAt}`}
            video={video}
          />
        ))}
        {query.hasNextPage && (
          <Button
            variant="outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            More videos
          </Button>
        )}
      </section>
    </QueryState>
  );
}
