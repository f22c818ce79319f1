import { describe, expect, it } from "vitest";
import { inQuietHours, isTimeZone, localTime, nextLocalHour, quietHoursEnd } from "./messages";

describe("message time rules (docs/product.md, 'Messages')", () => {
  it("reads the local hour in the player's time zone; an unknown zone reads as UTC", () => {
    const at = new Date("2026-07-01T12:30:00Z");
    expect(localTime(at, "UTC")).toEqual({ hour: 12, minute: 30 });
    expect(localTime(at, "America/New_York")).toEqual({ hour: 8, minute: 30 });
    expect(localTime(at, "Asia/Kolkata")).toEqual({ hour: 18, minute: 0 });
    expect(localTime(at, "Not/AZone")).toEqual({ hour: 12, minute: 30 });
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Not/AZone")).toBe(false);
  });

  it("quiet hours across midnight, within a day, and none when start = end", () => {
    const at = (h: number) => new Date(Date.UTC(2026, 0, 5, h));
    expect(inQuietHours(at(23), "UTC", 22, 8)).toBe(true);
    expect(inQuietHours(at(7), "UTC", 22, 8)).toBe(true);
    expect(inQuietHours(at(8), "UTC", 22, 8)).toBe(false);
    expect(inQuietHours(at(21), "UTC", 22, 8)).toBe(false);
    expect(inQuietHours(at(13), "UTC", 12, 14)).toBe(true);
    expect(inQuietHours(at(14), "UTC", 12, 14)).toBe(false);
    expect(inQuietHours(at(3), "UTC", 0, 0)).toBe(false);
    // 23:00 UTC is 18:00 in New York: not quiet there.
    expect(inQuietHours(at(23), "America/New_York", 22, 8)).toBe(false);
  });

  it("finds the next local hour and the end of the quiet hours", () => {
    expect(nextLocalHour(new Date("2026-01-05T00:00:00Z"), "America/New_York", 19).toISOString()).toBe(
      "2026-01-05T00:00:00.000Z",
    );
    expect(nextLocalHour(new Date("2026-01-05T00:00:00Z"), "Asia/Tokyo", 19).toISOString()).toBe(
      "2026-01-05T10:00:00.000Z",
    );
    expect(nextLocalHour(new Date("2026-01-05T05:30:00Z"), "Asia/Kolkata", 19).toISOString()).toBe(
      "2026-01-05T13:30:00.000Z",
    );
    expect(quietHoursEnd(new Date("2026-01-05T23:10:00Z"), "UTC", 8).toISOString()).toBe(
      "2026-01-06T08:00:00.000Z",
    );
  });
});
