import unhomoglyph from "unhomoglyph";

/**
 * A document number as issued, whatever way it was typed or disguised (docs/product.md, "KYC"): the key two
 * submissions are compared by (through a keyed hash, src/server/kyc/kyc-crypto.ts). In order:
 * 1. Unicode NFKC: full-width and other compatibility forms become the characters they stand for (`１` → `1`);
 * 2. format and invisible characters go (Unicode Cf and the other default-ignorable code points: U+2060 WORD
 *    JOINER, U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, bidi controls), and so do private-use, unassigned and
 *    noncharacter code points, which no font draws;
 * 3. upper case, then confusable characters fold to one prototype: the UTS #39 skeleton, through the `unhomoglyph`
 *    package's copy of Unicode's confusables.txt (Cyrillic `Р` → `P`; `1`, `I` and `l` → `l`; `0` → `O`), within
 *    canonical decomposition (NFD) as UTS #39 defines it;
 * 4. only letters and digits stay (spaces, dashes, dots, slashes and the accents the decomposition split off go);
 * 5. upper case again.
 * So `P12345678`, `P12345\u2060678`, `p-1234 5678`, `Р12345678` (Cyrillic) and `P１２３４５６７８` all have the key
 * `PL2345678`. Numbers that only a confusable character tells apart (`AB1` and `ABI`) share a key too: a match sends
 * a submission to a person, it decides nothing.
 */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}]/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

/** Bump when the key changes: stored hashes of an older version are recomputed at start-up (kyc-rekey.ts). */
export const DOCUMENT_NUMBER_KEY_VERSION = 2;

export function documentNumberKey(documentNumber: string): string {
  const visible = documentNumber.normalize("NFKC").replace(HIDDEN, "").toUpperCase();
  const skeleton = unhomoglyph(visible.normalize("NFD")).normalize("NFD");
  return skeleton.replace(NOT_LETTER_OR_DIGIT, "").toUpperCase();
}
