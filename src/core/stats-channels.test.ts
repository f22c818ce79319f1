import { describe, expect, it } from "vitest";
import { issueChannels } from "./api/stats";
import { ledgerKinds } from "./coins";
import { channelOfKind, chartChannels, kindsOfChannel } from "./stats-channels";

describe("the charts' channels", () => {
  it("are the contract's channels, in its order", () => {
    expect(chartChannels).toEqual([...issueChannels]);
  });

  it("take every kind that issues coins, and neither redemptions nor their refunds", () => {
    const issuing = ledgerKinds.filter((k) => channelOfKind[k] !== undefined);
    expect(issuing.sort()).toEqual(
      [
        "adjustment",
        "quiz_bonus",
        "quiz_correct",
        "referral_bonus",
        "streak_bonus",
        "ttt_win",
        "video_watch",
      ].sort(),
    );
    expect(kindsOfChannel("quiz").sort()).toEqual(["quiz_bonus", "quiz_correct"]);
    expect(issueChannels.every((c) => kindsOfChannel(c).length > 0)).toBe(true);
  });
});
