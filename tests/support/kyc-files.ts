import { crc32, deflateSync } from "node:zlib";

/**
 * Small real files for KYC tests, each optionally carrying `marker` as text inside it (to check that stored
 * bytes are not the plaintext).
 */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A copy in a plain ArrayBuffer (what Blob and fetch bodies take). */
const bytes = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);

/** A 1×1 PNG with a tEXt chunk holding `marker`. */
export function pngFile(marker = "kyc-test"): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return bytes(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("tEXt", Buffer.from(`Comment\0${marker}`, "latin1")),
      pngChunk("IDAT", deflateSync(Buffer.from([0, 255, 0, 0]))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A JPEG (JFIF) start with a comment segment holding `marker`. */
export function jpegFile(marker = "kyc-test"): Uint8Array<ArrayBuffer> {
  const comment = Buffer.from(marker, "latin1");
  const commentLength = Buffer.alloc(2);
  commentLength.writeUInt16BE(comment.length + 2);
  return bytes(
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from("JFIF\0", "latin1"),
      Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
      Buffer.from([0xff, 0xfe]),
      commentLength,
      comment,
      Buffer.from([0xff, 0xd9]),
    ]),
  );
}

/** A one-page PDF whose text is `marker`. */
export function pdfFile(marker = "kyc-test"): Uint8Array<ArrayBuffer> {
  return bytes(
    Buffer.from(
      `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
      "latin1",
    ),
  );
}

/** An HTML page (whatever name it is sent under). */
export const htmlFile = (marker = "kyc-test") =>
  bytes(Buffer.from(`<!doctype html><html><body><script>alert("${marker}")</script></body></html>`));

/** An SVG image (XML, can carry script: never accepted). */
export const svgFile = (marker = "kyc-test") =>
  bytes(
    Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><text>${marker}</text></svg>`),
  );

/** The start of a Windows executable (MZ header). */
export const exeFile = () =>
  bytes(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0), Buffer.from("PE\0\0")]));
