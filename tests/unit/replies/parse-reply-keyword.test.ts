import { describe, expect, it } from "vitest";
import { normaliseReply, parseReplyKeyword } from "@/lib/replies/parse-reply-keyword";

describe("parseReplyKeyword", () => {
  it.each([
    ["YES", "confirm"],
    ["yes", "confirm"],
    [" Y ", "confirm"],
    ["c", "confirm"],
    ["Confirm", "confirm"],
    ["Sí", "confirm"],
    ["si", "confirm"],
    ["SÍ!", "confirm"],
    ["confirmo", "confirm"],
    ["oui", "confirm"],
    ["Oui.", "confirm"],
    ["CONFIRMÉ", "confirm"],
    ["confirme", "confirm"],
    ["NO", "decline"],
    ["no", "decline"],
    ["Non", "decline"],
    ["later", "snooze"],
    ["Later!", "snooze"],
    ["más tarde", "snooze"],
    ["MAS  TARDE", "snooze"],
    ["Luego", "snooze"],
    ["plus tard", "snooze"],
    ["Plus Tard", "snooze"],
  ] as const)("%j is %s", (body, action) => {
    expect(parseReplyKeyword(body)).toBe(action);
  });

  it.each(["yes please", "I'll be late", "STOP", "CANCEL", "START", "HELP", "", "nope", "tard", "plus"])(
    "%j is no confirmation keyword (whole body only; CANCEL stays an opt-out word)",
    (body) => {
      expect(parseReplyKeyword(body)).toBeNull();
    },
  );

  it("a tapped WhatsApp button's payload wins over its text", () => {
    expect(parseReplyKeyword("Sí", "DECLINE")).toBe("decline");
    expect(parseReplyKeyword("Plus tard", "LATER")).toBe("snooze");
    expect(parseReplyKeyword("whatever", "CONFIRM")).toBe("confirm");
    // An unknown payload falls back to the text.
    expect(parseReplyKeyword("oui", "SOMETHING_ELSE")).toBe("confirm");
  });

  it("normalises case, accents, punctuation and spaces", () => {
    expect(normaliseReply("  ¡Más   tarde! ")).toBe("MAS TARDE");
    expect(normaliseReply("confirmé")).toBe("CONFIRME");
  });
});
