import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/webhooks/is-public-address";
import { resolveWebhookUrl } from "@/lib/webhooks/resolve-webhook-url";

describe("isPublicAddress", () => {
  it.each([
    ["93.184.215.14", true],
    ["8.8.8.8", true],
    ["2606:4700::1111", true],
    ["2a00:1450:4007:80e::200e", true],
    ["127.0.0.1", false],
    ["10.0.0.1", false],
    ["172.31.255.255", false],
    ["192.168.0.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["0:0:0:0:0:0:0:1", false],
    ["fe80::1", false],
    ["fd12:3456::1", false],
    ["2001:db8::1", false],
    ["not-an-ip", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

/**
 * One loopback or private IPv4 address in every IPv6 form that carries one, in every spelling
 * (dotted, hex, expanded, upper case): each is judged by the address it carries.
 */
describe("IPv4 carried inside IPv6 is judged by value, not by spelling", () => {
  it.each([
    // IPv4-mapped (RFC 4291 §2.5.5.2).
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["0:0:0:0:0:FFFF:7F00:0001", false],
    ["::ffff:10.1.2.3", false],
    ["::ffff:a9fe:a9fe", false],
    ["::ffff:8.8.8.8", true],
    ["::ffff:808:808", true],
    // IPv4-compatible (deprecated, RFC 4291 §2.5.5.1): the URL parser writes ::127.0.0.1 as ::7f00:1.
    ["::127.0.0.1", false],
    ["::7f00:1", false],
    ["::8.8.8.8", false],
    // IPv4-translated (RFC 2765 §2.1).
    ["::ffff:0:127.0.0.1", false],
    ["::ffff:0:7f00:1", false],
    ["::ffff:0:8.8.8.8", false],
    // NAT64 well-known and local-use prefixes (RFC 6052, RFC 8215).
    ["64:ff9b::127.0.0.1", false],
    ["64:ff9b::7f00:1", false],
    ["64:ff9b::808:808", false],
    ["64:ff9b:1::a00:1", false],
    // 6to4 (RFC 3056): 2002:<IPv4>::/48.
    ["2002:7f00:1::1", false],
    ["2002:a9fe:a9fe::", false],
    ["2002:808:808::1", false],
    // Teredo (RFC 4380): server 65.54.227.120, client 127.0.0.1 stored inverted (80ff:fffe).
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", false],
    ["2001::4136:e378:8000:63bf:f5ff:fffe", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("webhook URLs with loopback written as IPv6", () => {
  it.each(["https://[::127.0.0.1]/hook", "https://[::ffff:0:127.0.0.1]/hook", "https://[0::FFFF:7F00:1]/hook"])(
    "%s is refused as private",
    async (url) => {
      await expect(resolveWebhookUrl(url, { allowPrivate: false })).rejects.toMatchObject({
        kind: "invalid",
      });
    },
  );

  it("a public IPv6 literal passes", async () => {
    const resolved = await resolveWebhookUrl("https://[2606:4700::1111]/hook", { allowPrivate: false });
    expect(resolved.family).toBe(6);
  });
});
