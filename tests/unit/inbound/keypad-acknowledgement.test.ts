import { describe, expect, it } from "vitest";
import { CALL_KEYPAD } from "@/config/calls";
import { keypadAcknowledgement, keypadAction } from "@/lib/inbound/keypad-acknowledgement";

describe("keypadAction", () => {
  it.each([
    ["1", "confirm"],
    ["2", "decline"],
    ["3", "snooze"],
    ["9", "opt_out"],
    ["0", "repeat"],
  ] as const)("%s is %s", (digits, action) => {
    expect(keypadAction(digits)).toBe(action);
  });

  it("maps every key of the keypad and nothing else", () => {
    const keys = [..."0123456789*#"].filter((key) => keypadAction(key) !== null);
    expect(keys.sort()).toEqual(Object.keys(CALL_KEYPAD).sort());
  });

  it.each(["", "12", "11", "4", "*", "#", " 1", "toString", "__proto__", "constructor"])(
    "%j is no key of the keypad",
    (digits) => {
      expect(keypadAction(digits)).toBeNull();
    },
  );
});

describe("keypadAcknowledgement", () => {
  const fresh = { fresh: true, acted: true };

  it("says the state the key moved the reminder to", () => {
    expect(keypadAcknowledgement("confirm", { ...fresh, confirmation: "confirmed" })).toBe("call.confirmed");
    expect(keypadAcknowledgement("decline", { ...fresh, confirmation: "declined" })).toBe("call.declined");
    expect(keypadAcknowledgement("snooze", { ...fresh, confirmation: "snoozed" })).toBe("call.snoozed");
  });

  it("a replayed press hears its first answer again", () => {
    const replayed = { fresh: false, acted: false };
    expect(keypadAcknowledgement("snooze", { ...replayed, confirmation: "snoozed" })).toBe("call.snoozed");
    expect(keypadAcknowledgement("confirm", { ...replayed, confirmation: "confirmed" })).toBe(
      "call.confirmed",
    );
  });

  it("a second 3 on a reminder already snoozed: no second call back", () => {
    expect(keypadAcknowledgement("snooze", { fresh: true, acted: false, confirmation: "snoozed" })).toBe(
      "call.snoozedAlready",
    );
  });

  it("only goodbye when the reminder asked for nothing, or was answered otherwise", () => {
    const stored = { fresh: true, acted: false };
    expect(keypadAcknowledgement("confirm", { ...stored, confirmation: null })).toBe("call.goodbye");
    expect(keypadAcknowledgement("snooze", { ...stored, confirmation: null })).toBe("call.goodbye");
    expect(keypadAcknowledgement("decline", { ...stored, confirmation: "confirmed" })).toBe("call.goodbye");
    expect(keypadAcknowledgement("confirm", { ...stored, confirmation: "awaiting" })).toBe("call.goodbye");
    expect(keypadAcknowledgement("confirm", null)).toBe("call.goodbye");
  });
});
