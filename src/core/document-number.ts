import unhomoglyph from "unhomoglyph";
import { unicodeName } from "unicode-name";

/**
 * A document number as issued, whatever way it was typed or disguised (docs/product.md, "KYC"; ADR 086): the key
 * two submissions are compared by (through a keyed hash, src/server/kyc/kyc-crypto.ts). In order:
 * 1. modifier letters (Unicode Lm: the tatweel U+0640 that only stretches a line, `ʰ`, `ᵖ`) go, then Unicode
 *    NFKC: full-width, enclosed (`①`, `Ⓟ`, `🄿`), mathematical and other compatibility forms become the
 *    characters they stand for (`１` → `1`);
 * 2. format and invisible characters go (Unicode Cf and the other default-ignorable code points: U+2060 WORD
 *    JOINER, U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, bidi controls), and so do private-use, unassigned and
 *    noncharacter code points, which no font draws;
 * 3. every decimal digit of every script (Unicode Nd) becomes the ASCII digit of its value (`١` → `1`);
 * 4. a Latin letter or a digit that Unicode names as a variant of a plain one becomes that one: small capitals
 *    (`ᴘ` LATIN LETTER SMALL CAPITAL P), letters with a stroke, hook or bar (`Ᵽ` LATIN CAPITAL LETTER P WITH
 *    STROKE), negative, circled and squared forms NFKC leaves alone (`🅿`, `❶` DINGBAT NEGATIVE CIRCLED DIGIT ONE);
 *    the names are Unicode's own (the `unicode-name` package);
 * 5. upper case, then confusable characters fold to one prototype: the UTS #39 skeleton, through the `unhomoglyph`
 *    package's copy of Unicode's whole confusables.txt (Cyrillic `Р` → `P`; `1`, `I` and `l` → `l`; `0` → `O`),
 *    within canonical decomposition (NFD) as UTS #39 defines it;
 * 6. only letters and digits stay (spaces, dashes, dots, slashes and the accents the decomposition split off go);
 * 7. upper case again.
 * So `P12345678`, `P12345\u2060678`, `p-1234 5678`, `Р12345678` (Cyrillic), `P١٢٣٤٥٦٧٨`, `🅿12345678` and
 * `P１２３４５６７８` all have the key `PL2345678`. Numbers that only a confusable character tells apart (`AB1` and
 * `ABI`) share a key too: a match sends a submission to a person, it decides nothing.
 */
const MODIFIER_LETTER = /\p{Lm}/gu;
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}]/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;
const DECIMAL_DIGIT = /\p{Nd}/u;
const DIGIT_NAMES = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
const LATIN_LETTER_NAME = /\bLATIN (?:CAPITAL |SMALL )?LETTER (?:SMALL CAPITAL )?([A-Z])(?: WITH .*)?$/;
const DIGIT_NAME = new RegExp(`\\bDIGIT (${DIGIT_NAMES.join("|")})$`);

/** Bump when the key changes: stored hashes of an older version are recomputed at start-up (kyc-rekey.ts). */
export const DOCUMENT_NUMBER_KEY_VERSION = 3;

/**
 * The value of a decimal digit (Unicode Nd) of any script. Unicode encodes every script's decimal digits as one
 * contiguous run from 0 to 9 (a stability guarantee), and runs may follow each other (the mathematical digits), so
 * the value is the distance from the first digit of the unbroken Nd stretch, modulo ten.
 */
export function decimalDigitValue(digit: string): number {
  const code = digit.codePointAt(0) ?? 0;
  let start = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/** A Latin letter or digit that Unicode names as a variant of a plain one (step 4 above), or the character. */
function plainByName(ch: string): string {
  if (ch.charCodeAt(0) < 0x80) return ch;
  const name = unicodeName(ch);
  if (!name) return ch;
  const letter = LATIN_LETTER_NAME.exec(name);
  if (letter?.[1]) return letter[1];
  const digit = DIGIT_NAME.exec(name);
  return digit?.[1] ? String(DIGIT_NAMES.indexOf(digit[1])) : ch;
}

export function documentNumberKey(documentNumber: string): string {
  const visible = documentNumber.replace(MODIFIER_LETTER, "").normalize("NFKC").replace(HIDDEN, "");
  let plain = "";
  for (const ch of visible) plain += DECIMAL_DIGIT.test(ch) ? String(decimalDigitValue(ch)) : plainByName(ch);
  const skeleton = unhomoglyph(plain.toUpperCase().normalize("NFD")).normalize("NFD");
  return skeleton.replace(NOT_LETTER_OR_DIGIT, "").toUpperCase();
}
