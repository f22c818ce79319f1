/** The placeholder videos of SPEC §2 ('Watch & Earn'); real playback needs a video-service integration. */
export interface VideoItem {
  id: string;
  title: string;
  description: string;
}

export const videos: readonly VideoItem[] = [
  {
    id: "exciting-new-content",
    title: "Exciting New Content!",
    description: "A first look at what is new on Play, Learn, Earn this month.",
  },
  {
    id: "tutorial-get-started",
    title: "Tutorial: Get Started",
    description: "How to play, learn and earn your first coins in a few minutes.",
  },
  {
    id: "community-highlights",
    title: "Community Highlights",
    description: "The best moments and top players from our community.",
  },
];

export const videoIds = videos.map((v) => v.id) as [string, ...string[]];
