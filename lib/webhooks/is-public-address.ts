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
  // IPv4-compatible (deprecated by RFC 4291 §2.5.5.1), :: and ::1 among them.
  ["::", 96],
  // IPv4-translated (RFC 2765 §2.1): ::ffff:0:a.b.c.d.
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Teredo (2001::/32) and the other IETF protocol assignments.
  ["2001::", 23],
  ["2001:db8::", 32],
  // 6to4.
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  SPECIAL.addSubnet(prefix, bits, "ipv6");
}

/**
 * True for an address on the public Internet; false for special-use ones and non-addresses.
 * Judged on the parsed value, never on its spelling (the URL parser writes `::127.0.0.1` as
 * `::7f00:1`): BlockList parses the address and checks an IPv4-mapped one (::ffff:a.b.c.d)
 * against the IPv4 ranges; every other form that carries an IPv4 address (compatible,
 * translated, NAT64, 6to4, Teredo) lies in a range refused whole.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !SPECIAL.check(address, family === 4 ? "ipv4" : "ipv6");
}
