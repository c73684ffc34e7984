import "server-only";
import net from "node:net";

/**
 * Special-use ranges (IANA's IPv4 and IPv6 special-purpose registries): none of them is a
 * receiver on the public Internet, and several reach this host or its network (loopback,
 * private, link-local with cloud metadata at 169.254.169.254, CGNAT, multicast).
 */
const SPECIAL = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  SPECIAL.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  SPECIAL.addSubnet(prefix, bits, "ipv6");
}

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, ::a.b.c.d): judged as the IPv4 it carries. */
function embeddedIPv4(address: string): string | null {
  const match = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address on the public Internet; false for special-use ones and non-addresses. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIPv4(address);
    if (v4) return !SPECIAL.check(v4, "ipv4");
    return !SPECIAL.check(address, "ipv6");
  }
  return !SPECIAL.check(address, "ipv4");
}
