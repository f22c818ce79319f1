import { describe, expect, it } from "vitest";
import { escapeHtml, extractLinks, linkify } from "./links";

describe("mail links", () => {
  it("finds every http(s) link in a text body", () => {
    expect(extractLinks("a http://x.test/a?b=1&c=2 b\nhttps://y.test/z. (https://w.test)")).toEqual([
      "http://x.test/a?b=1&c=2",
      "https://y.test/z.",
      "https://w.test",
    ]);
    expect(extractLinks("none")).toEqual([]);
  });

  it("turns links into anchors and escapes everything else", () => {
    expect(linkify('<b> go "http://x.test/?a=1&b=2" now')).toBe(
      '&lt;b&gt; go &quot;<a href="http://x.test/?a=1&amp;b=2">http://x.test/?a=1&amp;b=2</a>&quot; now',
    );
    expect(escapeHtml(`<'&">`)).toBe("&lt;&#39;&amp;&quot;&gt;");
  });
});
