import { z } from "zod";
import { isTimeZone, MESSAGE_KINDS } from "../messages";

/** The messages API (docs/product.md, "Messages"): the inbox, the settings on /account, one-click unsubscribe. */

const kind = z.enum(MESSAGE_KINDS);
const hour = z.number().int().min(0).max(23);

export const inboxMessageSchema = z.object({
  id: z.number().int(),
  kind,
  title: z.string(),
  body: z.string(),
  /** The app's page the message is about. */
  link: z.string(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxMessageSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
  unread: z.number().int().min(0),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });

export const markReadSchema = z.object({ upTo: z.number().int().positive() });
export const unreadSchema = z.object({ unread: z.number().int().min(0) });

export const messageSettingsSchema = z.object({
  kinds: z.array(
    z.object({
      kind,
      label: z.string(),
      description: z.string(),
      /** False: money and account messages, always on. */
      optional: z.boolean(),
      on: z.boolean(),
    }),
  ),
  timeZone: z.string(),
  quietStart: hour,
  quietEnd: hour,
  dailyCap: z.number().int().min(0).max(20),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

export const messageSettingsUpdateSchema = z
  .object({
    kinds: z.partialRecord(kind, z.boolean()).optional(),
    /** The IANA zone the browser reports (Intl.DateTimeFormat().resolvedOptions().timeZone). */
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, "unknown time zone")
      .meta({ examples: ["Europe/Berlin", "America/Argentina/Buenos_Aires"] })
      .optional(),
    quietStart: hour.optional(),
    quietEnd: hour.optional(),
    dailyCap: z.number().int().min(0).max(20).optional(),
  })
  .strict();
export type MessageSettingsUpdate = z.infer<typeof messageSettingsUpdateSchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
export const unsubscribedSchema = z.object({ kind, on: z.literal(false) });
