import { describe, expect, it } from "vitest";
import { csvRow } from "@/lib/trail/csv-row";

describe("a CSV line of the trail's export", () => {
  it("quotes every cell, doubles quotes, keeps commas and line breaks inside the cell, ends with CRLF", () => {
    expect(csvRow(["a", 'say "hi"', "x,y", "two\nlines", ""])).toBe(
      '"a","say ""hi""","x,y","two\nlines",""\r\n',
    );
  });

  it("keeps a cell a spreadsheet would run as a formula as text", () => {
    expect(csvRow(['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tx", "a=b"])).toBe(
      '"\'=HYPERLINK(""http://x"")","\'+1","\'-2","\'@SUM(A1)","\'\tx","a=b"\r\n',
    );
  });
});
