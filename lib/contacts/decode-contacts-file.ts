/**
 * The text of an uploaded contacts file. UTF-8 (with or without a byte-order mark) and
 * UTF-16 with a mark are read as such; bytes that are not valid UTF-8 are read as
 * Windows-1252, what Excel and Outlook on Windows write ("Jos\xe9" is José, not Jos�).
 */
export function decodeContactsFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
