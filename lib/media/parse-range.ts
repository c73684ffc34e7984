/** What a request's Range header asks of an object of `size` bytes. */
export type RangeRequest =
  { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * One byte range (RFC 9110 §14.1.2): `bytes=first-last`, `bytes=first-` or `bytes=-suffix`,
 * `last` clamped to the end. No header, another unit or several ranges: the whole object
 * (a server may ignore Range; players ask for one range). A range that is malformed or starts
 * past the end: unsatisfiable (416).
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const [unit, ...rest] = header.split("=");
  if (unit.trim().toLowerCase() !== "bytes" || rest.length !== 1) return { kind: "full" };
  const specs = rest[0].split(",");
  if (specs.length > 1) return { kind: "full" };
  const match = RANGE_SPEC.exec(specs[0].trim());
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "unsatisfiable" };
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === "" ? size - 1 : Number(match[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(last) || last < start || start >= size) {
    return { kind: "unsatisfiable" };
  }
  return { kind: "partial", start, end: Math.min(last, size - 1) };
}
