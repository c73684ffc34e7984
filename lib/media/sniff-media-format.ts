import type { MediaFormat } from "@/config/media";

/** Bytes read from the start of a file to name its container. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

// QuickTime files may open with another top-level atom than `ftyp` (older cameras' MOV).
const ISO_FIRST_BOXES = ["ftyp", "moov", "mdat", "wide", "free"];

/** An MPEG audio frame header (layers I to III): 11 sync bits, a known version, layer, bitrate and rate. */
function isMpegAudioFrame(bytes: Uint8Array, at: number) {
  if (bytes.length < at + 4 || bytes[at] !== 0xff) return false;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  return (
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 0x03) !== 0x01 && // version: reserved
    ((b1 >> 1) & 0x03) !== 0x00 && // layer: reserved (00 is ADTS's)
    b2 >> 4 !== 0x0f && // bitrate index: bad
    ((b2 >> 2) & 0x03) !== 0x03 // sampling rate: reserved
  );
}

/** An ADTS (raw AAC) frame header: 12 sync bits, layer 00, a known sampling rate. */
function isAdtsFrame(bytes: Uint8Array, at: number) {
  if (bytes.length < at + 7 || bytes[at] !== 0xff) return false;
  return (bytes[at + 1]! & 0xf6) === 0xf0 && ((bytes[at + 2]! >> 2) & 0x0f) < 13;
}

/** Where the audio after an ID3v2 tag starts: its syncsafe size, plus the footer if flagged. */
function afterId3(bytes: Uint8Array): number {
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
}

/**
 * The container a file's first bytes name (MEDIA_FORMATS), or null for anything else: a playlist,
 * a concat script, an image, a document, MPEG-TS. Never the extension or the declared type; ffmpeg
 * is then told this format, so no other demuxer reads the file.
 */
export function sniffMediaFormat(head: Uint8Array): MediaFormat | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return "matroska";
  if (ISO_FIRST_BOXES.some((box) => ascii(head, 4, box))) return "mov";
  if (ascii(head, 0, "OggS")) return "ogg";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WAVE")) return "wav";
  if (ascii(head, 0, "ID3") && head.length >= 10) {
    // An ID3 tag opens MP3 files, and sometimes raw AAC: the frame after it (past any zero
    // padding) tells; a tag longer than what was read is taken for MP3's.
    let at = afterId3(head);
    while (at < head.length && head[at] === 0) at++;
    return isAdtsFrame(head, at) ? "aac" : "mp3";
  }
  if (isMpegAudioFrame(head, 0)) return "mp3";
  if (isAdtsFrame(head, 0)) return "aac";
  return null;
}
