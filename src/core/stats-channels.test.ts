import { describe, expect, it } from "vitest";
import { issueChannels } from "./api/stats";
import { chartChannels } from "./stats-channels";

describe("the charts' channels", () => {
  it("are the contract's channels, in its order", () => {
    expect(chartChannels).toEqual([...issueChannels]);
  });
});
