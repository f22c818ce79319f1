/**
 * Renders the three 'Watch & Earn' videos and their captions into media/videos/ from slides of our own text,
 * with ffmpeg (drawtext on a coloured background, a countdown and a progress bar; VP8 WebM, no audio).
 * The output is committed, so neither CI nor a deployment needs ffmpeg: run `npx tsx scripts/make-videos.ts`
 * only to change the videos. Each video is 20 s (the catalogue's duration) and well under 1 MB.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const OUT = path.resolve("media/videos");
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
const SECONDS = 20;
const SLIDE = 5;

interface Video {
  id: string;
  colour: string;
  slides: [string, string, string, string];
}

const videos: Video[] = [
  {
    id: "exciting-new-content",
    colour: "0x1e3a8a",
    slides: [
      "Exciting New Content!",
      "New quizzes every month",
      "Daily limits you can see",
      "See you tomorrow!",
    ],
  },
  {
    id: "tutorial-get-started",
    colour: "0x065f46",
    slides: [
      "Tutorial: Get Started",
      "1. Sign up and confirm",
      "2. Play, learn, watch",
      "3. Earn coins every day",
    ],
  },
  {
    id: "community-highlights",
    colour: "0x7c2d12",
    slides: [
      "Community Highlights",
      "Thousands of games won",
      "Quiz champions of the week",
      "Invite a friend: +50 coins",
    ],
  },
];

/** Text for ffmpeg's drawtext (inside single quotes): escape the characters it treats specially. */
const escapeText = (text: string) => text.replace(/\\/g, "\\\\").replace(/'/g, "\u2019").replace(/:/g, "\\:");

const stamp = (seconds: number) => `00:00:${String(seconds).padStart(2, "0")}.000`;

function render(video: Video) {
  const slides = video.slides.map(
    (text, i) =>
      `drawtext=fontfile=${FONT}:text='${escapeText(text)}':fontcolor=white:fontsize=28:x=(w-text_w)/2:y=(h-text_h)/2-10:enable='between(t,${i * SLIDE},${(i + 1) * SLIDE - 0.01})'`,
  );
  const filter = [
    ...slides,
    `drawtext=fontfile=${FONT}:text='Play, Learn, Earn':fontcolor=white@0.8:fontsize=16:x=12:y=10`,
    `drawtext=fontfile=${FONT}:text='%{eif\\:${SECONDS}-t\\:d} s':fontcolor=white@0.8:fontsize=16:x=w-text_w-12:y=10`,
    `drawbox=x=0:y=ih-8:w=iw:h=8:color=white@0.25:t=fill`,
  ].join(",");
  const file = path.join(OUT, `${video.id}.webm`);
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `color=c=${video.colour}:s=480x270:r=12:d=${SECONDS}`,
    "-vf",
    filter,
    "-c:v",
    "libvpx",
    "-b:v",
    "150k",
    "-deadline",
    "good",
    "-cpu-used",
    "4",
    "-an",
    file,
  ]);
  const captions = video.slides
    .map((text, i) => `${i + 1}\n${stamp(i * SLIDE)} --> ${stamp((i + 1) * SLIDE)}\n${text}\n`)
    .join("\n");
  writeFileSync(path.join(OUT, `${video.id}.vtt`), `WEBVTT\n\n${captions}`);
  const size = statSync(file).size;
  if (size >= 1_000_000) throw new Error(`${file} is ${size} bytes; keep each video well under 1 MB`);
  console.log(`${file}: ${(size / 1024).toFixed(0)} KiB`);
}

mkdirSync(OUT, { recursive: true });
for (const video of videos) render(video);
