import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";

describe("parseCsv (RFC 4180)", () => {
  it("splits records on LF or CRLF and fields on commas", () => {
    const records = [
      ["a", "b", "c"],
      ["d", "e", "f"],
      ["g", "", "i"],
    ];
    expect(parseCsv("a,b,c\nd,e,f\ng,,i\n")).toEqual(records);
    expect(parseCsv("a,b,c\r\nd,e,f\r\ng,,i\r\n")).toEqual(records);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(parseCsv('"one, two","say ""hi""","line 1\r\nline 2",plain\n')).toEqual([
      ["one, two", 'say "hi"', "line 1\r\nline 2", "plain"],
    ]);
  });

  it("keeps a last record with no line break, empty trailing fields and a quoted empty field", () => {
    expect(parseCsv('a,b,\n"",x')).toEqual([
      ["a", "b", ""],
      ["", "x"],
    ]);
  });

  it("skips a byte-order mark and reads an empty text as no records", () => {
    expect(parseCsv("\uFEFFa,b\n")).toEqual([["a", "b"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("keeps blank lines as one empty field (the caller decides what they mean)", () => {
    expect(parseCsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
  });
});

describe("toCsv", () => {
  it("quotes only the fields that need it and round-trips through parseCsv", () => {
    const records = [
      ["question", "option_1"],
      ['He said "yes", then left', "line 1\nline 2"],
      [" padded ", "plain"],
    ];
    const text = toCsv(records);
    expect(text).toBe(
      'question,option_1\r\n"He said ""yes"", then left","line 1\nline 2"\r\n" padded ",plain\r\n',
    );
    expect(parseCsv(text)).toEqual(records);
  });
});
