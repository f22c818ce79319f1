/**
 * The messages the app sends a player besides the security mails (docs/product.md, "Messages"): their kinds,
 * which a player may turn off, and the pure time rules (quiet hours, the player's evening) the server applies in
 * the player's own time zone. No I/O: the server and the /account page both read it.
 */

/** Every kind of lifecycle message, in the order /account lists them. */
export const MESSAGE_KINDS = [
  "referral",
  "redemption",
  "kyc",
  "streak_milestone",
  "streak_at_risk",
  "come_back",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface MessageKindInfo {
  label: string;
  /** What the player gets, as /account says it. */
  description: string;
  /** Money and account mails cannot be turned off (and carry no unsubscribe link); the rest can, and are on by default. */
  optional: boolean;
}

export const MESSAGE_KIND_INFO: Record<MessageKind, MessageKindInfo> = {
  referral: {
    label: "Referral bonuses",
    description: "When a referral bonus is paid or declined, for you and for your friend.",
    optional: false,
  },
  redemption: {
    label: "Redemptions",
    description: "Every step of a redemption request, from received to paid.",
    optional: false,
  },
  kyc: {
    label: "Identity check",
    description: "When we receive your documents and when they are checked.",
    optional: false,
  },
  streak_milestone: {
    label: "Streak milestones",
    description: "When your streak reaches 7 and 30 days.",
    optional: true,
  },
  streak_at_risk: {
    label: "Streak reminders",
    description: "In your evening, when today's goal is not met yet and your streak would break.",
    optional: true,
  },
  come_back: {
    label: "We miss you",
    description: "3 and 7 days after you last played; then nothing more.",
    optional: true,
  },
};

export const isMessageKind = (value: string): value is MessageKind =>
  (MESSAGE_KINDS as readonly string[]).includes(value);

/** The streak lengths a milestone message is sent for. */
export const STREAK_MILESTONE_DAYS = [7, 30] as const;
/** Days after the last play a 'we miss you' message is sent on: at most these, then silence. */
export const COME_BACK_DAYS = [3, 7] as const;
/** The player's evening: the streak reminder goes out at this local hour. */
export const EVENING_HOUR = 19;
/** Inbox messages are kept this long, then deleted. */
export const INBOX_RETENTION_DAYS = 90;

/** Until a player changes them: quiet from 22:00 to 08:00 in their time zone, at most 3 optional mails a day. */
export const DEFAULT_MESSAGE_SETTINGS = {
  timeZone: "UTC",
  quietStart: 22,
  quietEnd: 8,
  dailyCap: 3,
} as const;

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz.length <= 64;
  } catch {
    return false;
  }
}

/**
 * A formatter per zone a player chose (validated when stored, so a known zone's formatter is looked up before the
 * zone is checked again: building a DateTimeFormat to check it costs more than the formatting itself, and
 * nextLocalHour formats up to a hundred times a call).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(tz: string): Intl.DateTimeFormat {
  const known = formats.get(tz);
  if (known) return known;
  const zone = isTimeZone(tz) ? tz : "UTC";
  const format =
    formats.get(zone) ??
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  // Kept under the checked zone only: a zone that is not one (UTC's formatter) adds no entry.
  formats.set(zone, format);
  return format;
}

/** The hour and minute at `at` in `tz` (an unknown zone reads as UTC). */
export function localTime(at: Date, tz: string): { hour: number; minute: number } {
  const parts = formatIn(tz).formatToParts(at);
  const num = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: num("hour"), minute: num("minute") };
}

/** Quiet from `start` o'clock up to `end` o'clock, across midnight when start > end; start = end: never quiet. */
export function inQuietHours(at: Date, tz: string, start: number, end: number): boolean {
  if (start === end) return false;
  const { hour } = localTime(at, tz);
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

const QUARTER_MS = 15 * 60_000;

/** The first moment at or after `from` whose local time is `hour`:00 in `tz`. */
export function nextLocalHour(from: Date, tz: string, hour: number): Date {
  const start = Math.ceil(from.getTime() / QUARTER_MS) * QUARTER_MS;
  // Every zone's offset is a whole number of quarter hours: walk in quarters, at most a day and a bit.
  for (let t = start; t <= start + 26 * 3_600_000; t += QUARTER_MS) {
    const at = new Date(t);
    const local = localTime(at, tz);
    if (local.hour === hour && local.minute === 0) return at;
  }
  return new Date(start + 24 * 3_600_000);
}

/** When the quiet hours that hold `at` end (the next local `end` o'clock). */
export const quietHoursEnd = (at: Date, tz: string, end: number): Date => nextLocalHour(at, tz, end);
