import { describe, expect, it } from "vitest";
import { playbackToken, readPlaybackToken } from "@/lib/media/playback-token";

const SECRET = "test-secret-for-playback-links";

/** The same token with one character changed (to another base64url character). */
function alter(token: string, at: number): string {
  const next = token[at] === "A" ? "B" : "A";
  return token.slice(0, at) + next + token.slice(at + 1);
}

describe("playback token", () => {
  it("round-trips a delivery id, URL-safe and of fixed length", () => {
    for (const id of [1, 42, 987_654_321, Number.MAX_SAFE_INTEGER]) {
      const token = playbackToken(id, SECRET);
      expect(token).toMatch(/^[A-Za-z0-9_-]{33}$/);
      expect(readPlaybackToken(token, SECRET)).toBe(id);
    }
  });

  it("differs per delivery and per secret", () => {
    expect(playbackToken(1, SECRET)).not.toBe(playbackToken(2, SECRET));
    expect(playbackToken(1, SECRET)).not.toBe(playbackToken(1, `${SECRET}-other`));
    expect(readPlaybackToken(playbackToken(1, SECRET), `${SECRET}-other`)).toBeNull();
  });

  it("refuses any altered character, in the id or in the MAC", () => {
    const token = playbackToken(12_345, SECRET);
    for (let at = 0; at < token.length; at++) {
      expect(readPlaybackToken(alter(token, at), SECRET), `character ${at}`).toBeNull();
    }
  });

  it("refuses another delivery's MAC on this id, and malformed tokens", () => {
    const mine = playbackToken(7, SECRET);
    const theirs = playbackToken(8, SECRET);
    expect(readPlaybackToken(mine.slice(0, 11) + theirs.slice(11), SECRET)).toBeNull();
    for (const bad of ["", "abc", `${mine}x`, mine.slice(1), mine.replace(/./, "+"), "A".repeat(33)]) {
      expect(readPlaybackToken(bad, SECRET)).toBeNull();
    }
  });
});
