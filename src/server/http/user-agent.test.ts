import { describe, expect, it } from "vitest";
import { describeDevice } from "./user-agent";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131 on Linux",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox 133 on Windows 10",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari 17 on iOS (mobile)",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari 18 on macOS",
    ],
    [null, "Unknown device"],
    ["   ", "Unknown device"],
    ["curl/8.5.0", "Unknown device"],
    // No text of the request is repeated: a URL as the user agent, or one inside a browser-like one.
    ["https://secure-unlock.evil.example/acct?id=verify-now", "Unknown device"],
    [
      "secure-unlock.evil.example/1.0 (https://secure-unlock.evil.example/acct?id=verify-now)",
      "Unknown device",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64) evil.example/1.0 https://x.example/z", "Unknown browser on Linux"],
  ])("%s → %s", (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
