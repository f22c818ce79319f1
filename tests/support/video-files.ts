import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Video files for the console's upload tests: a tiny but well-formed MP4 made here (an ISO BMFF file with a
 * movie header stating its duration, one video track and a media data box), the repository's own WebM clips
 * (media/videos), and files that only look like videos.
 */

const text = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);
const zeros = (n: number) => new Uint8Array(n);
const u32 = (...values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => {
    view.setUint32(i * 4, v);
  });
  return out;
};
const concat = (parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const box = (type: string, ...parts: Uint8Array[]) => {
  const body = concat(parts);
  return concat([u32(8 + body.length), text(type), body]);
};

/** An MP4 of `seconds` (timescale 1000) with `mediaBytes` of media data. */
export function tinyMp4(seconds: number, mediaBytes = 2000): Uint8Array<ArrayBuffer> {
  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const matrix = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
  const mvhd = box(
    "mvhd",
    u32(0, 0, 0, timescale, duration, 0x10000),
    new Uint8Array([1, 0]),
    zeros(10),
    matrix,
    zeros(24),
    u32(2),
  );
  const tkhd = box("tkhd", u32(3, 0, 0, 1, 0, duration), zeros(16), matrix, u32(160 << 16, 120 << 16));
  const mdhd = box("mdhd", u32(0, 0, 0, timescale, duration), new Uint8Array([0x55, 0xc4, 0, 0]));
  const hdlr = box("hdlr", u32(0, 0), text("vide"), zeros(12), text("Video\0"));
  return concat([
    box("ftyp", text("isom"), u32(512), text("isomiso2avc1mp41")),
    box("moov", mvhd, box("trak", tkhd, box("mdia", mdhd, hdlr))),
    box("mdat", zeros(mediaBytes)),
  ]);
}

/** One of the repository's 20-second WebM clips. */
export const repoWebm = () =>
  new Uint8Array(readFileSync(path.resolve("media/videos/community-highlights.webm")));

export const captionsVtt = (): Uint8Array<ArrayBuffer> => text("WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n");
