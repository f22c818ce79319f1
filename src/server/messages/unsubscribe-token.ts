import { createHmac, timingSafeEqual } from "node:crypto";
import { isMessageKind, type MessageKind } from "~/core/messages";

/**
 * The one-click unsubscribe token a mail carries (docs/product.md, "Messages"): the player's id and the kind,
 * signed with the app's secret, so it turns off that kind for that player only and works without signing in. It
 * does not expire: a mail read a year later still unsubscribes.
 */
const sign = (secret: string, userId: string, kind: MessageKind) =>
  createHmac("sha256", secret).update(`message-unsubscribe\n${userId}\n${kind}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string, kind: MessageKind): string {
  return `${Buffer.from(userId).toString("base64url")}.${kind}.${sign(secret, userId, kind)}`;
}

/** The player and kind a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: MessageKind } | null {
  const [id, kind, signature, ...rest] = token.split(".");
  if (!id || !kind || !signature || rest.length > 0 || !isMessageKind(kind)) return null;
  const userId = Buffer.from(id, "base64url").toString();
  const expected = Buffer.from(sign(secret, userId, kind));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
}
