import { describe, expect, it } from "vitest";
import {
  addMonths,
  monthExpired,
  monthOfPartition,
  monthSuffix,
  retentionCutoff,
} from "@/lib/maintenance/partition-months";

describe("partition months", () => {
  it("adds months across years both ways", () => {
    expect(addMonths({ year: 2026, month: 11 }, 3)).toEqual({ year: 2027, month: 2 });
    expect(addMonths({ year: 2026, month: 1 }, -13)).toEqual({ year: 2024, month: 12 });
  });

  it("names and reads a month's partition; the default is no month", () => {
    expect(monthSuffix({ year: 2026, month: 3 })).toBe("2026_03");
    expect(monthOfPartition("deliveries", "deliveries_2026_03")).toEqual({ year: 2026, month: 3 });
    expect(monthOfPartition("deliveries", "deliveries_default")).toBeNull();
    expect(monthOfPartition("deliveries", "delivery_replies_2026_03")).toBeNull();
  });

  it("cuts off months back on the same day, the last one of a shorter month", () => {
    const keep = { unit: "months" as const, value: 13 };
    expect(retentionCutoff(new Date("2026-11-26T10:00:00Z"), keep)).toEqual(new Date("2025-10-26T10:00:00Z"));
    expect(retentionCutoff(new Date("2026-03-31T10:00:00Z"), { unit: "months", value: 1 })).toEqual(
      new Date("2026-02-28T10:00:00Z"),
    );
    expect(retentionCutoff(new Date("2026-11-26T00:00:00Z"), { unit: "days", value: 30 })).toEqual(
      new Date("2026-10-27T00:00:00Z"),
    );
  });

  it("drops a month only once it has ended before the cut-off", () => {
    const cutoff = new Date("2025-10-26T10:00:00Z");
    expect(monthExpired({ year: 2025, month: 9 }, cutoff)).toBe(true);
    expect(monthExpired({ year: 2025, month: 10 }, cutoff)).toBe(false);
    expect(monthExpired({ year: 2025, month: 9 }, new Date("2025-10-01T00:00:00Z"))).toBe(true);
    expect(monthExpired({ year: 2025, month: 9 }, new Date("2025-09-30T23:59:59Z"))).toBe(false);
  });
});
