import { describe, expect, it } from "vitest";
import { ageOn, nextDateOnOrAfter, renderFields, unknownFields } from "@/lib/messages/render-fields";

const ana = { contactName: "Ana María López", senderName: "Sam", locale: "en" as const };

describe("message fields", () => {
  it("fills every field for a birthday occurrence", () => {
    const text = renderFields("Happy {age}th, {first_name}! {name}, {date}. {sender}", {
      ...ana,
      occurrenceDate: { year: 2026, month: 3, day: 3 },
      contactDate: { month: 3, day: 3, year: 1986 },
    });
    expect(text).toBe("Happy 40th, Ana! Ana María López, March 3. Sam");
  });

  it("writes {date} in the recipient's language", () => {
    const values = { ...ana, occurrenceDate: { year: 2026, month: 3, day: 3 } };
    expect(renderFields("{date}", { ...values, locale: "es" })).toBe("3 de marzo");
    expect(renderFields("{date}", { ...values, locale: "fr" })).toBe("3 mars");
  });

  it("names the day ahead in a lead reminder a week before, across a year end", () => {
    const values = { ...ana, occurrenceDate: { year: 2026, month: 12, day: 29 }, contactDate: { month: 1, day: 5, year: 2000 } };
    expect(renderFields("{first_name} turns {age} on {date}", values)).toBe("Ana turns 27 on January 5");
  });

  it("leaves {age} empty without a birth year and keeps unknown fields as written", () => {
    const values = { ...ana, occurrenceDate: { year: 2026, month: 3, day: 3 }, contactDate: { month: 3, day: 3, year: null } };
    expect(renderFields("[{age}] {nickname}", values)).toBe("[] {nickname}");
    expect(unknownFields("{first_name} {nickname} {Name} {nickname}")).toEqual(["nickname"]);
  });

  it("puts 29 February on 28 February in common years, and counts the age from it", () => {
    const leapling = { month: 2, day: 29, year: 2000 };
    expect(nextDateOnOrAfter(leapling, { year: 2027, month: 2, day: 1 })).toEqual({ year: 2027, month: 2, day: 28 });
    expect(nextDateOnOrAfter(leapling, { year: 2028, month: 2, day: 1 })).toEqual({ year: 2028, month: 2, day: 29 });
    expect(ageOn(leapling, { year: 2027, month: 2, day: 28 })).toBe(27);
    // The day after 28 February in a common year: the next one is a year on.
    expect(ageOn(leapling, { year: 2027, month: 3, day: 1 })).toBe(28);
  });
});
