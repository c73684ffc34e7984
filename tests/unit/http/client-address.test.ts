import { describe, expect, it } from "vitest";
import { clientAddress, UNKNOWN_CLIENT } from "@/lib/http/client-address";

const forwarded = (value?: string) => new Headers(value === undefined ? {} : { "x-forwarded-for": value });

describe("clientAddress", () => {
  it("trusts no forwarded header without a configured proxy: every caller shares one key", () => {
    expect(clientAddress(forwarded("203.0.113.7"), 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwarded("198.51.100.1, 203.0.113.7"), 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwarded(), 0)).toBe(UNKNOWN_CLIENT);
  });

  it("behind one proxy reads the entry it appended, whatever the client put before it", () => {
    expect(clientAddress(forwarded("203.0.113.7"), 1)).toBe("203.0.113.7");
    // Rotating the client-written part does not change the key...
    expect(clientAddress(forwarded("10.0.0.1, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(forwarded("10.0.0.2, 203.0.113.7"), 1)).toBe("203.0.113.7");
    // ...and naming someone else first charges the sender, not that someone.
    expect(clientAddress(forwarded("198.51.100.9, 203.0.113.7"), 1)).toBe("203.0.113.7");
  });

  it("behind two proxies reads the second entry from the right", () => {
    expect(clientAddress(forwarded("10.9.9.9, 203.0.113.7, 192.0.2.10"), 2)).toBe("203.0.113.7");
  });

  it("a header shorter than the proxy chain did not come through it: the shared key", () => {
    expect(clientAddress(forwarded("203.0.113.7"), 2)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwarded(), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwarded(" , "), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwarded(`1.2.3.4, ${"x".repeat(200)}`), 1)).toBe(UNKNOWN_CLIENT);
  });

  it("reads several X-Forwarded-For headers as one list", () => {
    const headers = new Headers();
    headers.append("x-forwarded-for", "10.0.0.1");
    headers.append("x-forwarded-for", "2001:DB8::1");
    expect(clientAddress(headers, 1)).toBe("2001:db8::1");
  });
});
