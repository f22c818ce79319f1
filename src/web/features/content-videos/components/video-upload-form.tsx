import { type FormEvent, useId } from "react";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { fromLocalInput } from "~/web/lib/operator-time";
import { uploadVideo, useVideoMutation } from "../api/save-video";
import { Field, PayAndSchedule, useSaveVideo } from "./video-fields";

/**
 * The console's upload: an MP4 or WebM file (the server reads its type and duration), an optional poster and
 * WebVTT captions, the words players read, the coins a full watch pays and the schedule in the operator's zone.
 */
export function VideoUploadForm() {
  const id = useId();
  const mutation = useVideoMutation(uploadVideo);
  const { problem, submit, pending } = useSaveVideo(
    (form: FormData) => mutation.mutateAsync(form),
    "Video uploaded",
  );
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    for (const name of ["publishAt", "retireAt"]) {
      const instant = fromLocalInput(String(form.get(name) ?? ""));
      if (instant) form.set(name, instant);
      else form.delete(name);
    }
    if (await submit(form)) element.reset();
  };
  return (
    <form
      aria-label="Upload a video"
      onSubmit={(e) => void onSubmit(e)}
      className="grid gap-3 rounded-xl border p-4"
      aria-describedby={`${id}-problem`}
    >
      <h2 className="text-lg font-semibold">Upload a video</h2>
      <Field
        id={`${id}-file`}
        name="file"
        label="Video file (MP4 or WebM)"
        type="file"
        accept="video/mp4,video/webm"
        required
      />
      <Field
        id={`${id}-poster`}
        name="poster"
        label="Poster image (optional)"
        type="file"
        accept="image/jpeg,image/png,image/webp"
      />
      <Field
        id={`${id}-captions`}
        name="captions"
        label="Captions, WebVTT (optional)"
        type="file"
        accept=".vtt,text/vtt"
      />
      <Field id={`${id}-title`} name="title" label="Title" required />
      <Field id={`${id}-description`} name="description" label="Description" required />
      <PayAndSchedule id={id} />
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" disabled={pending} className="justify-self-start">
        Upload video
      </Button>
    </form>
  );
}
