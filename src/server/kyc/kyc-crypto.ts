import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { documentNumberKey } from "~/core/document-number";

/**
 * AES-256-GCM sealing of KYC data at rest. A sealed value is `version (1 byte) | iv (12) | tag (16) | ciphertext`.
 * The associated data names what the value is and whose it is (e.g. `kyc-document:<submission id>`), so a
 * sealed value copied to another row or field fails to open instead of being shown as someone else's.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export function seal(key: Buffer, plaintext: Uint8Array, associatedData: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
}

/** Opens a sealed value; throws if it was altered, sealed under another key or for other associated data. */
export function open(key: Buffer, sealed: Uint8Array, associatedData: string): Buffer {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < HEADER_BYTES || bytes[0] !== VERSION) throw new Error("not a sealed KYC value");
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]);
}

/**
 * A keyed hash of a document number (HMAC-SHA256 of its skeleton, src/core/document-number.ts), so two accounts'
 * submissions of one number can be found without the plain number leaving its seal. The HMAC key is derived from
 * the KYC key (HKDF, its own label), so it is as secret as the documents and differs from the sealing key.
 */
export function documentNumberHash(key: Buffer, documentNumber: string): Buffer {
  const hmacKey = Buffer.from(hkdfSync("sha256", key, "", "ple kyc document number", 32));
  return createHmac("sha256", hmacKey).update(documentNumberKey(documentNumber), "utf8").digest();
}
