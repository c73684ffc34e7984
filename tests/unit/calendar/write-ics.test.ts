import { describe, expect, it } from "vitest";
import { escapeIcsText, foldIcsLine, formatIcsUtc, writeIcs } from "@/lib/calendar/write-ics";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("foldIcsLine", () => {
  it("leaves a line of 75 octets alone and folds the 76th onto a line starting with a space", () => {
    const exact = "X".repeat(75);
    expect(foldIcsLine(exact)).toBe(exact);
    expect(foldIcsLine("X".repeat(76))).toBe(`${"X".repeat(75)}\r\n X`);
  });

  it("folds a line short in characters but long in octets", () => {
    // 68 characters, 128 octets: a count of characters would leave it whole. 8 + 33 × 2 = 74
    // octets fill the first line (one more é would make 76); the rest, after the space, 55.
    const folded = foldIcsLine(`SUMMARY:${"é".repeat(60)}`);
    expect(folded.split("\r\n").map(octets)).toEqual([74, 55]);
  });

  it("keeps every physical line within 75 octets and never splits a multi-byte character", () => {
    // é is 2 octets, € 3, 😀 4 (a surrogate pair in JavaScript), ü 2: a mix that lands folds mid-character.
    const value = `SUMMARY:${"é€😀aü".repeat(40)}`;
    const folded = foldIcsLine(value);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A split character would decode to U+FFFD or leave a lone surrogate.
      expect(line).not.toMatch(
        /\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
    for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true);
    // Unfolding (RFC 5545 3.1: remove CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, "")).toBe(value);
    // Lines are filled: a fold only happens when the next character would not fit.
    for (const line of lines.slice(0, -1)) expect(octets(line)).toBeGreaterThan(71);
  });
});

describe("escapeIcsText", () => {
  it("escapes backslashes, semicolons, commas and line breaks, and drops other control characters", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeIcsText("tab\tkept, bell\u0007 gone")).toBe("tab\tkept\\, bell gone");
    expect(escapeIcsText("colon: stays")).toBe("colon: stays");
  });
});

describe("writeIcs", () => {
  const calendar = {
    prodId: "-//Remindful//Calendar feed//EN",
    name: "Ana's reminders, all",
    stamp: new Date("2026-03-01T12:00:00.000Z"),
    refreshMinutes: 60,
    events: [
      {
        uid: "r1-20260329T080000Z@example.com",
        start: new Date("2026-03-29T08:00:00.000Z"),
        durationMinutes: 15,
        summary: "Reminder to Ana (SMS)",
        description: "Line one; with, punctuation\nLine two",
        url: "https://app.example.com/reminders",
      },
    ],
  };

  it("ends every line with CRLF, including the last, and has no bare LF or CR", () => {
    const ics = writeIcs(calendar);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("writes the calendar properties and one VEVENT in UTC with escaped text", () => {
    const lines = writeIcs(calendar).split("\r\n");
    expect(lines.slice(0, 9)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Remindful//Calendar feed//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "NAME:Ana's reminders\\, all",
      "X-WR-CALNAME:Ana's reminders\\, all",
      "REFRESH-INTERVAL;VALUE=DURATION:PT60M",
      "X-PUBLISHED-TTL:PT60M",
    ]);
    expect(lines).toContain("DTSTART:20260329T080000Z");
    expect(lines).toContain("DTSTAMP:20260301T120000Z");
    expect(lines).toContain("DURATION:PT15M");
    expect(lines).toContain("DESCRIPTION:Line one\\; with\\, punctuation\\nLine two");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("formats instants as UTC DATE-TIME", () => {
    expect(formatIcsUtc(new Date("2026-11-01T06:30:00.000Z"))).toBe("20261101T063000Z");
  });
});
