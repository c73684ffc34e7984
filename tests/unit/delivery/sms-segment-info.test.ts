import { describe, expect, it } from "vitest";
import { smsSegmentInfo } from "@/lib/channels/sms-segments";

describe("smsSegmentInfo", () => {
  it("holds 160 GSM-7 septets in one segment and 153 per segment once split", () => {
    expect(smsSegmentInfo("a".repeat(160))).toEqual({
      encoding: "GSM-7",
      segments: 1,
      units: 160,
      perSegment: 160,
    });
    expect(smsSegmentInfo("a".repeat(161))).toEqual({
      encoding: "GSM-7",
      segments: 2,
      units: 161,
      perSegment: 153,
    });
    expect(smsSegmentInfo("a".repeat(306)).segments).toBe(2);
    expect(smsSegmentInfo("a".repeat(307)).segments).toBe(3);
  });

  it("counts each GSM-7 extension character as two septets", () => {
    for (const char of ["^", "{", "}", "\\", "[", "~", "]", "|", "€"]) {
      const info = smsSegmentInfo(`Hi ${char}`);
      expect(info, char).toEqual({ encoding: "GSM-7", segments: 1, units: 5, perSegment: 160 });
    }
    // 158 plain septets + one extension character = 160: still one segment; one more splits it.
    expect(smsSegmentInfo(`${"a".repeat(158)}€`).segments).toBe(1);
    expect(smsSegmentInfo(`${"a".repeat(159)}€`)).toMatchObject({ segments: 2, units: 161 });
  });

  it("keeps accented letters of the GSM-7 table in GSM-7", () => {
    expect(smsSegmentInfo("¿Qué tal? Ça va, àéèùì ñ ü").encoding).toBe("GSM-7");
  });

  it("switches the whole message to UCS-2 because of one character", () => {
    const gsm = "a".repeat(100);
    expect(smsSegmentInfo(gsm)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    // "ê" is not in GSM-7: 101 UTF-16 units, 67 per segment.
    expect(smsSegmentInfo(`${gsm}ê`)).toEqual({ encoding: "UCS-2", segments: 2, units: 101, perSegment: 67 });
  });

  it("holds 70 UCS-2 units in one segment and 67 per segment once split", () => {
    expect(smsSegmentInfo("ł".repeat(70))).toEqual({
      encoding: "UCS-2",
      segments: 1,
      units: 70,
      perSegment: 70,
    });
    expect(smsSegmentInfo("ł".repeat(71))).toEqual({
      encoding: "UCS-2",
      segments: 2,
      units: 71,
      perSegment: 67,
    });
    expect(smsSegmentInfo("ł".repeat(134)).segments).toBe(2);
    expect(smsSegmentInfo("ł".repeat(135)).segments).toBe(3);
  });

  it("counts an emoji as two UTF-16 units (a surrogate pair)", () => {
    expect(smsSegmentInfo("🎂")).toEqual({ encoding: "UCS-2", segments: 1, units: 2, perSegment: 70 });
    // 68 + 2 = 70 units: one segment; 69 + 2 = 71: two.
    expect(smsSegmentInfo(`${"a".repeat(68)}🎂`).segments).toBe(1);
    expect(smsSegmentInfo(`${"a".repeat(69)}🎂`)).toMatchObject({
      encoding: "UCS-2",
      segments: 2,
      units: 71,
    });
  });
});
