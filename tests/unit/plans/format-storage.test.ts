import { describe, expect, it } from "vitest";
import { formatStorage } from "@/lib/plans/format-storage";

// Intl separates number and unit with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("storage allowance", () => {
  it("writes megabytes below 1,000 and gigabytes from there, in the reader's language", () => {
    expect(plain(formatStorage(500, "en"))).toBe("500 MB");
    expect(plain(formatStorage(1000, "en"))).toBe("1 GB");
    expect(plain(formatStorage(50_000, "en"))).toBe("50 GB");
    expect(plain(formatStorage(2500, "es"))).toBe("2,5 GB");
    expect(plain(formatStorage(5000, "fr"))).toBe("5 Go");
  });
});
