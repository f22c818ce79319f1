import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * A partner's shared secret (docs/decisions/091): generated here (32 random bytes, hex), shown once, and kept
 * encrypted with AES-256-GCM under a key derived from AUTH_SECRET (HKDF, its own label), so a copy of the
 * database alone does not sign postbacks. A box is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const KEY_LABEL = "play-learn-earn partner secrets v1";

export const newPartnerSecret = () => randomBytes(32).toString("hex");

function keyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, Buffer.alloc(0), KEY_LABEL, 32));
}

export function sealSecret(authSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(authSecret), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret in `box`, or null when it does not open with this AUTH_SECRET (changed, or tampered with). */
export function openSecret(authSecret: string, box: string): string | null {
  const [version, iv, tag, body] = box.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(authSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
