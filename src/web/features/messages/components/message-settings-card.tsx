import { Bell } from "lucide-react";
import { useId } from "react";
import type { MessageSettings, MessageSettingsUpdate } from "~/core/api/messages";
import { QueryState } from "~/web/components/query-state";
import { SectionCard } from "~/web/components/ui/section-card";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useMessageSettings, useUpdateMessageSettings } from "../api/message-settings";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourText = (h: number) => `${String(h).padStart(2, "0")}:00`;
const selectClass = "h-9 rounded-md border bg-background px-2 text-sm";

function HourSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (hour: number) => void;
}) {
  return (
    <select id={id} className={selectClass} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {HOURS.map((h) => (
        <option key={h} value={h}>
          {hourText(h)}
        </option>
      ))}
    </select>
  );
}

function KindRow({
  id,
  kind: k,
  disabled,
  onChange,
}: {
  id: string;
  kind: MessageSettings["kinds"][number];
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4"
        checked={k.on}
        disabled={disabled}
        aria-describedby={`${id}-about`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {k.label}
        </label>
        <span id={`${id}-about`} className="text-muted-foreground">
          {k.optional ? k.description : `${k.description} Always on: it is about your coins or account.`}
        </span>
      </div>
    </li>
  );
}

/**
 * Messages on /account (docs/product.md, "Messages"): each kind with what it is, on or off (money and account
 * messages always on), quiet hours in the player's time zone and the daily cap of optional mails.
 */
export function MessageSettingsCard({ userId }: { userId: string }) {
  const query = useMessageSettings(userId);
  const update = useUpdateMessageSettings(userId);
  const id = useId();
  const s = query.data;

  function save(change: MessageSettingsUpdate) {
    update.mutate(change, {
      onSuccess: () => notify({ title: "Saved", description: "Your message settings are saved." }),
      onError: (error) =>
        notify({
          title: "Could Not Save",
          description: error.message,
          variant: "destructive",
          reference: referenceOf(error),
        }),
    });
  }

  return (
    <div id="messages">
      <SectionCard icon={Bell} title="Messages we send you">
        <QueryState query={query} what="your message settings">
          {s ? (
            <div className="grid gap-4 text-sm">
              <ul className="grid gap-3">
                {s.kinds.map((k) => (
                  <KindRow
                    key={k.kind}
                    id={`${id}-${k.kind}`}
                    kind={k}
                    disabled={!k.optional || update.isPending}
                    onChange={(on) => save({ kinds: { [k.kind]: on } })}
                  />
                ))}
              </ul>
              <div className="flex flex-wrap items-center gap-2">
                <label htmlFor={`${id}-quiet-start`}>Quiet from</label>
                <HourSelect
                  id={`${id}-quiet-start`}
                  value={s.quietStart}
                  onChange={(h) => save({ quietStart: h })}
                />
                <label htmlFor={`${id}-quiet-end`}>to</label>
                <HourSelect
                  id={`${id}-quiet-end`}
                  value={s.quietEnd}
                  onChange={(h) => save({ quietEnd: h })}
                />
                <span className="text-muted-foreground">{`(${s.timeZone})`}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <label htmlFor={`${id}-cap`}>At most</label>
                <select
                  id={`${id}-cap`}
                  className={selectClass}
                  value={s.dailyCap}
                  onChange={(e) => save({ dailyCap: Number(e.target.value) })}
                >
                  {[0, 1, 2, 3, 5, 10].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <span>optional mails a day (the inbox keeps every message for 90 days).</span>
              </div>
            </div>
          ) : null}
        </QueryState>
      </SectionCard>
    </div>
  );
}
