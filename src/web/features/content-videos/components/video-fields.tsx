import { useState } from "react";
import { type ContentVideo, MAX_VIDEO_REWARD, MAX_VIDEO_WATCHES_PER_DAY } from "~/core/api/content-videos";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";
import { operatorZone, toLocalInput } from "~/web/lib/operator-time";

export const stateLabel: Record<ContentVideo["state"], string> = {
  scheduled: "Scheduled",
  live: "Live",
  retired: "Retired",
};

export function Field(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  defaultValue?: string | number;
  required?: boolean;
  accept?: string;
  min?: number;
  max?: number;
}) {
  const { id, label, ...input } = props;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}

/** Runs `save` and tells the outcome as a notice; a refused request's message stays under the form. */
export function useSaveVideo<T>(save: (input: T) => Promise<unknown>, saved: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (input: T) => {
    setProblem(null);
    setPending(true);
    try {
      await save(input);
      notify({ title: saved });
      return true;
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The change was refused.");
      return false;
    } finally {
      setPending(false);
    }
  };
  return { problem, setProblem, submit, pending };
}

/** What a video pays and when it shows: the same fields on the upload and on each video's form. */
export function PayAndSchedule({ id, video }: { id: string; video?: ContentVideo }) {
  const zone = operatorZone();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          id={`${id}-reward`}
          name="reward"
          label="Coins per full watch"
          type="number"
          min={1}
          max={MAX_VIDEO_REWARD}
          defaultValue={video?.reward ?? MAX_VIDEO_REWARD}
          required
        />
        <Field
          id={`${id}-per-day`}
          name="watchesPerDay"
          label="Paid watches a day (optional)"
          type="number"
          min={1}
          max={MAX_VIDEO_WATCHES_PER_DAY}
          defaultValue={video?.watchesPerDay ?? ""}
        />
        <Field
          id={`${id}-position`}
          name="position"
          label="Order"
          type="number"
          min={0}
          defaultValue={video?.position ?? ""}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-publish`}
          name="publishAt"
          label={`Publish at (${zone})`}
          type="datetime-local"
          defaultValue={toLocalInput(video?.publishAt ?? null)}
        />
        <Field
          id={`${id}-retire`}
          name="retireAt"
          label={`Retire at (${zone})`}
          type="datetime-local"
          defaultValue={toLocalInput(video?.retireAt ?? null)}
        />
      </div>
    </>
  );
}
