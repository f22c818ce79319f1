import { describe, expect, it } from "vitest";
import { dismissNotice, getNotices, NOTICE_DURATION_MS, notify, subscribeToNotices } from "./notify";

describe("notify", () => {
  it("keeps at most one notice and the newest one wins", () => {
    notify({ title: "First" });
    const second = notify({ title: "Second", description: "Newer", variant: "destructive" });

    expect(getNotices()).toEqual([
      {
        id: second.id,
        title: "Second",
        description: "Newer",
        variant: "destructive",
        duration: NOTICE_DURATION_MS,
        open: true,
      },
    ]);
  });

  it("uses 5000 ms by default and honours a per-notice duration", () => {
    notify({ title: "Default" });
    expect(getNotices()[0]?.duration).toBe(5000);
    notify({ title: "Check Your Email", duration: 10000 });
    expect(getNotices()[0]?.duration).toBe(10000);
  });

  it("closes a notice on dismiss and tells subscribers", () => {
    let calls = 0;
    const unsubscribe = subscribeToNotices(() => {
      calls += 1;
    });
    const { dismiss } = notify({ title: "Closable" });
    dismiss();
    dismiss();
    unsubscribe();
    notify({ title: "Unheard" });

    expect(calls).toBe(2);
    expect(getNotices()[0]?.title).toBe("Unheard");
  });

  it("ignores unknown ids", () => {
    const before = getNotices();
    dismissNotice(-1);
    expect(getNotices()).toBe(before);
  });

  it("carries an action and calls onClose once, whether dismissed or replaced", () => {
    const closes: string[] = [];
    const onClick = () => {};
    const first = notify({
      title: "With action",
      action: { label: "Try again", onClick },
      onClose: () => closes.push("first"),
    });
    expect(getNotices()[0]?.action).toEqual({ label: "Try again", onClick });
    first.dismiss();
    first.dismiss();
    notify({ title: "Replaced later", onClose: () => closes.push("second") });
    notify({ title: "Newest" });
    expect(closes).toEqual(["first", "second"]);
  });
});
