import { describe, expect, it } from "vitest";
import { parseRange } from "@/lib/media/parse-range";

describe("parseRange", () => {
  it("reads one byte range, clamping its end", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
    expect(parseRange("bytes=990-2000", 1000)).toEqual({ kind: "partial", start: 990, end: 999 });
  });

  it("serves the whole object without a header, for another unit or several ranges", () => {
    expect(parseRange(null, 1000)).toEqual({ kind: "full" });
    expect(parseRange("items=0-1", 1000)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-1,5-9", 1000)).toEqual({ kind: "full" });
  });

  it("refuses a range past the end or malformed", () => {
    for (const header of ["bytes=1000-", "bytes=5-2", "bytes=abc", "bytes=-", "bytes=-0", "bytes=1.5-2"]) {
      expect(parseRange(header, 1000), header).toEqual({ kind: "unsatisfiable" });
    }
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
