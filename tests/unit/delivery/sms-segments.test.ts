import { describe, expect, it } from "vitest";
import { smsSegments } from "@/lib/channels/sms-segments";

describe("smsSegments", () => {
  it("counts GSM-7 text in 160-septet segments, 153 once split; extension characters take two", () => {
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
    expect(smsSegments("€".repeat(80))).toBe(1);
    expect(smsSegments("€".repeat(81))).toBe(2);
  });

  it("counts anything outside GSM-7 as UCS-2: 70 characters, 67 once split", () => {
    expect(smsSegments("ł".repeat(70))).toBe(1);
    expect(smsSegments("ł".repeat(71))).toBe(2);
    expect(smsSegments("Llama a la abuela ✓".padEnd(135, "x"))).toBe(3);
  });
});
