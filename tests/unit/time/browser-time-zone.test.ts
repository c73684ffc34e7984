import { describe, expect, it } from "vitest";
import { sameClock } from "@/lib/recurrence/same-clock";
import { knownTimeZone, timeZoneFromCookie } from "@/lib/time/time-zone-cookie";

describe("the browser's zone from the head script's cookie", () => {
  it("reads an IANA zone as written (encoded or not)", () => {
    expect(timeZoneFromCookie("Europe%2FMadrid")).toBe("Europe/Madrid");
    expect(timeZoneFromCookie("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });

  it("names UTC one way, whatever the browser calls it", () => {
    for (const alias of ["Etc/UTC", "Etc/GMT", "GMT", "UTC", "Etc/Universal", "Zulu"]) {
      expect(knownTimeZone(alias), alias).toBe("UTC");
    }
  });

  it("refuses anything that is not a zone", () => {
    for (const value of [
      undefined,
      null,
      "",
      "Mars/Olympus",
      "%E0%A4%A",
      "Europe/Madrid; x=1",
      "x".repeat(80),
    ]) {
      expect(timeZoneFromCookie(value), String(value)).toBeNull();
    }
  });
});

describe("sameClock: whether a different zone would move reminders", () => {
  const winter = new Date("2031-01-15T12:00:00Z");
  const spring = new Date("2031-03-12T12:00:00Z");

  it("zones with one clock all year are the same", () => {
    expect(sameClock("Europe/Madrid", "Europe/Paris", winter)).toBe(true);
    expect(sameClock("America/New_York", "America/Toronto", spring)).toBe(true);
    expect(sameClock("UTC", "UTC", winter)).toBe(true);
  });

  it("zones an hour apart, or apart only for weeks of the year, are not", () => {
    expect(sameClock("Europe/Madrid", "Europe/London", winter)).toBe(false);
    expect(sameClock("Europe/Madrid", "UTC", winter)).toBe(false);
    // Europe/London and Africa/Abidjan agree in winter and differ from the end of March.
    expect(sameClock("Europe/London", "Africa/Abidjan", winter)).toBe(false);
    // Phoenix keeps no DST: the same as Denver half the year only.
    expect(sameClock("America/Phoenix", "America/Denver", winter)).toBe(false);
  });

  it("an unknown zone keeps no clock", () => {
    expect(sameClock("Mars/Olympus", "UTC", winter)).toBe(false);
  });
});
