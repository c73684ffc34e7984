import { describe, expect, it } from "vitest";
import { integerIdCursor, textIdCursor } from "@/lib/db/keyset-cursor";
import { DomainError } from "@/lib/errors/domain-error";

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function refusal(decode: () => unknown): DomainError {
  try {
    decode();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("the cursor was accepted");
}

describe("keyset cursors", () => {
  it("give back the key and id they were made from, microseconds included", () => {
    const key = "2026-11-23T23:07:45.588123Z";
    const text = textIdCursor.encode(key, "rem_1");
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(textIdCursor.decode(text)).toEqual([key, "rem_1"]);
    expect(integerIdCursor.decode(integerIdCursor.encode(key, 9_007_199_254_740_991))).toEqual([
      key,
      9_007_199_254_740_991,
    ]);
  });

  it.each([
    ["not base64url JSON", "garbage!"],
    ["not an array", raw({ key: "2026-01-01T00:00:00Z", id: "a" })],
    ["one part", raw(["2026-01-01T00:00:00Z"])],
    ["three parts", raw(["2026-01-01T00:00:00Z", "a", "b"])],
    ["a key that is no instant", raw(["soon", "a"])],
    ["a key that is not text", raw([1_700_000_000_000, "a"])],
    ["an integer id where text is kept", raw(["2026-01-01T00:00:00Z", 7])],
  ])("a text-id cursor refuses %s as invalid input on `cursor`", (_case, cursor) => {
    const error = refusal(() => textIdCursor.decode(cursor));
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe("cursor: Invalid cursor");
  });

  it.each([
    ["a text id", raw(["2026-01-01T00:00:00Z", "7"])],
    ["a fraction", raw(["2026-01-01T00:00:00Z", 7.5])],
    ["an integer past 2^53", raw(["2026-01-01T00:00:00Z", 2 ** 53])],
    ["a key that is no instant", raw(["", 7])],
  ])("an integer-id cursor refuses %s", (_case, cursor) => {
    expect(refusal(() => integerIdCursor.decode(cursor)).kind).toBe("invalid");
  });
});
