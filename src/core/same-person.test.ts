import { describe, expect, it } from "vitest";
import { mailboxKey, sameMailbox } from "./same-person";

describe("mailboxKey", () => {
  it.each([
    ["ada@example.com", "ada@example.com"],
    ["  Ada@Example.COM ", "ada@example.com"],
    ["a+1@x", "a@x"],
    ["ada+promo+more@example.com", "ada@example.com"],
    ["a.d.a@gmail.com", "ada@gmail.com"],
    ["A.Da+promo@GoogleMail.com", "ada@gmail.com"],
    ["ada@googlemail.com", "ada@gmail.com"],
    ["ada@gmail.com.", "ada@gmail.com"],
  ])("%s → %s", (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });

  it("keeps dots where the provider delivers them to another mailbox", () => {
    expect(mailboxKey("a.da@example.com")).toBe("a.da@example.com");
    expect(sameMailbox("a.da@example.com", "ada@example.com")).toBe(false);
    expect(sameMailbox("a.da@outlook.com", "ada@outlook.com")).toBe(false);
  });

  it("keeps a leading + (no tag to drop) and addresses without a domain as they are", () => {
    expect(mailboxKey("+ada@example.com")).toBe("+ada@example.com");
    expect(mailboxKey("not-an-address")).toBe("not-an-address");
    expect(mailboxKey("trailing@")).toBe("trailing@");
  });

  it("tells different mailboxes apart", () => {
    expect(sameMailbox("ada@example.com", "ada@example.org")).toBe(false);
    expect(sameMailbox("ada@example.com", "adb@example.com")).toBe(false);
    expect(sameMailbox("ada@gmail.com", "ada@yahoo.com")).toBe(false);
  });

  it("matches the same mailbox written in other ways", () => {
    expect(sameMailbox("a+1@x", "a@x")).toBe(true);
    expect(sameMailbox("referrer+2@example.com", "Referrer@example.com")).toBe(true);
    expect(sameMailbox("j.o.e+x@googlemail.com", "joe@gmail.com")).toBe(true);
    // Full-width letters (NFKC) are the ASCII ones.
    expect(sameMailbox("ａｄａ@example.com", "ada@example.com")).toBe(true);
  });
});
