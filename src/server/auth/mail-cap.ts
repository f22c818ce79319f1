import type { Env } from "../env";
import type { RateLimitStore } from "../http/rate-limit";
import type { Logger } from "../logger";
import { type CappedMailKind, countMailDropped } from "../metrics/registry";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Confirmation and password-reset mails to one address: at most MAIL_PER_ADDRESS_HOURLY an hour and
 * MAIL_PER_ADDRESS_DAILY a day, whoever asks from wherever (docs/product.md, "Sign-up, sign-in and mail limits").
 * Besides MAIL_RATE_LIMIT (per IP and per address, a minute, answered 429), this cap is silent: the request is
 * answered as always and only the mail is not queued; ple_mail_dropped_total counts it. The counters live in the
 * rate-limit store (Redis with REDIS_URL, shared by every process) and count the mails about to be queued (the day: those the hour let through).
 */
export interface MailCap {
  /** Counts one mail of `kind` to `to`; false (and counted as dropped) when the address is over a cap. */
  allow(kind: CappedMailKind, to: string): Promise<boolean>;
}

export function createMailCap(
  store: RateLimitStore,
  env: Pick<Env, "mailPerAddressHourly" | "mailPerAddressDaily">,
  logger: Logger,
): MailCap {
  return {
    async allow(kind, to) {
      const address = to.trim().toLowerCase();
      // The day counts only what the hour let through, so a flood held back by the hour does not use up the day.
      const hour = await store.hit(`mail-cap:hour:${address}`, HOUR_MS);
      if (hour.count <= env.mailPerAddressHourly) {
        const day = await store.hit(`mail-cap:day:${address}`, DAY_MS);
        if (day.count <= env.mailPerAddressDaily) return true;
      }
      countMailDropped(kind);
      logger.warn({ to: address, kind }, "mail cap of this address used up: mail not sent");
      return false;
    },
  };
}
