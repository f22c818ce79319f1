import { describe, expect, it } from "vitest";
import { type BusinessDay, businessStatsSchema } from "~/core/api/stats";
import { toCsv } from "~/web/components/charts/chart-spec";
import { businessChartSpecs, formatAge } from "./business-chart-specs";

/** A server's answer as the contract shapes it (parsed by its schema, so a changed contract fails here). */
function answer(days: Partial<BusinessDay>[]) {
  const zero = { game: 0, quiz: 0, video: 0, referral: 0, streak: 0, adjustment: 0 };
  return businessStatsSchema.parse({
    days: days.map((d, i) => ({
      day: `2026-11-${String(26 + i).padStart(2, "0")}`,
      requested: 0,
      approved: 0,
      paidOut: 0,
      refunded: 0,
      breakage: 0,
      liability: 0,
      breakageToDate: 0,
      signUps: 0,
      activeEarners: 0,
      ...d,
      issued: { ...zero, ...d.issued },
    })),
    queueAges: { kyc: 7500, redemptions: null, proposals: 30 },
  });
}

const stats = answer([
  {
    issued: { game: 20, quiz: 0, video: 10, referral: 0, streak: 0, adjustment: 0, partner: 0 },
    liability: 30,
    signUps: 2,
  },
  {
    issued: { game: 0, quiz: 30, video: 10, referral: 50, streak: 25, adjustment: 5, partner: 40 },
    requested: 1000,
    paidOut: 400,
    liability: 150,
    breakage: 7,
    breakageToDate: 7,
    activeEarners: 3,
  },
]);

const specOf = (id: string) => {
  const spec = businessChartSpecs(stats).find((s) => s.id === id);
  if (!spec) throw new Error(`no chart ${id}`);
  return spec;
};

describe("the console's charts", () => {
  it("are the five of the overview", () => {
    expect(businessChartSpecs(stats).map((s) => s.title)).toEqual([
      "Coins issued per day",
      "Coins requested and paid out",
      "Liability and breakage",
      "Sign-ups and active earners",
      "Queue ages now",
    ]);
  });

  it("stack coins issued by channel, day by day, and name the last day's total", () => {
    const issued = specOf("coins-issued");
    expect(issued.stacked).toBe(true);
    expect(issued.labels).toEqual(["2026-11-26", "2026-11-27"]);
    expect(issued.axisLabels).toEqual(["11-26", "11-27"]);
    expect(issued.series.map((s) => [s.label, s.values])).toEqual([
      ["Games", [20, 0]],
      ["Quizzes", [0, 30]],
      ["Videos", [10, 10]],
      ["Referrals", [0, 50]],
      ["Streak bonuses", [0, 25]],
      ["Adjustments", [0, 5]],
      ["Partner offers", [0, 40]],
    ]);
    expect(issued.summary).toContain("On 2026-11-27: 160 coins.");
    expect(toCsv(issued).split("\r\n")[2]).toBe("2026-11-27,0,30,10,50,25,5,40");
  });

  it("keep breakage apart from what is owed to live accounts", () => {
    const liability = specOf("liability");
    expect(liability.series.map((s) => [s.label, s.values])).toEqual([
      ["Owed to live accounts", [30, 150]],
      ["Breakage to date", [0, 7]],
      ["Breakage that day", [0, 7]],
    ]);
    expect(specOf("coins-redeemed").summary).toContain("1000 requested, 400 paid out");
    expect(specOf("players").series.map((s) => s.values)).toEqual([
      [2, 0],
      [0, 3],
    ]);
  });

  it("show the queues' ages now, an empty queue as empty", () => {
    const ages = specOf("queue-ages");
    expect(ages.labels).toEqual(["KYC", "Redemptions", "Proposals"]);
    const series = ages.series[0]!;
    expect(series.values.map((v) => (v === null ? null : Math.round(v * 3600)))).toEqual([7500, null, 30]);
    expect(series.values.map((v) => series.format?.(v))).toEqual(["2 h 5 min", "Empty", "30 s"]);
    expect(toCsv(ages)).toBe(
      "Queue,Oldest waiting (hours)\r\nKYC,2.08\r\nRedemptions,\r\nProposals,0.01\r\n",
    );
  });

  it("write ages as people read them", () => {
    expect([null, 0, 59, 60, 3600, 90_000, 172_800].map(formatAge)).toEqual([
      "Empty",
      "0 s",
      "59 s",
      "1 min",
      "1 h",
      "1 d 1 h",
      "2 d",
    ]);
  });
});
