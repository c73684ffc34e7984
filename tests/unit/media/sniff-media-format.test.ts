import { describe, expect, it } from "vitest";
import { sniffMediaFormat } from "@/lib/media/sniff-media-format";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)),
  );

// An ID3v2.4 tag header announcing `size` bytes of frames (syncsafe).
const id3 = (size: number) => [
  0x49,
  0x44,
  0x33,
  4,
  0,
  0,
  (size >> 21) & 0x7f,
  (size >> 14) & 0x7f,
  (size >> 7) & 0x7f,
  size & 0x7f,
];
// MPEG-1 Layer III, 128 kb/s, 44.1 kHz; and an ADTS (AAC LC, 44.1 kHz) frame header.
const mp3Frame = [0xff, 0xfb, 0x90, 0x64];
const adtsFrame = [0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc];

describe("sniffMediaFormat", () => {
  it("names what recorders and phones write by its first bytes", () => {
    expect(sniffMediaFormat(bytes([0x1a, 0x45, 0xdf, 0xa3], "\x9fB\x86\x81\x01"))).toBe("matroska");
    expect(sniffMediaFormat(bytes([0, 0, 0, 0x20], "ftypisom"))).toBe("mov");
    expect(sniffMediaFormat(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBe("mov");
    expect(sniffMediaFormat(bytes([0, 0, 0, 0x08], "wide"))).toBe("mov");
    expect(sniffMediaFormat(bytes("OggS", [0, 2]))).toBe("ogg");
    expect(sniffMediaFormat(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBe("wav");
    expect(sniffMediaFormat(bytes(mp3Frame, [0, 0, 0, 0]))).toBe("mp3");
    expect(sniffMediaFormat(bytes(id3(4), [0, 0, 0, 0], mp3Frame))).toBe("mp3");
    expect(sniffMediaFormat(bytes(adtsFrame))).toBe("aac");
    expect(sniffMediaFormat(bytes(id3(2), [0, 0], [0, 0, 0], adtsFrame))).toBe("aac");
    // A tag longer than what was read is an MP3's.
    expect(sniffMediaFormat(bytes(id3(1_000_000), [1, 2, 3]))).toBe("mp3");
  });

  it("names nothing else: playlists, concat scripts, images, documents, MPEG-TS, a RIFF that is not WAVE", () => {
    for (const head of [
      bytes("#EXTM3U\n#EXT-X-TARGETDURATION:10\n"),
      bytes("ffconcat version 1.0\nfile 'a.mp3'\n"),
      bytes([0xff, 0xd8, 0xff, 0xe0], "\0\x10JFIF"),
      bytes([0x89], "PNG\r\n\x1a\n"),
      bytes("GIF89a"),
      bytes("%PDF-1.4\n"),
      bytes([0x47, 0x40, 0x00, 0x10], new Array(184).fill(0xff), [0x47]),
      bytes("RIFF", [0, 0, 0, 0], "AVI LIST"),
      bytes([0xff, 0xff, 0xff, 0xff]),
      bytes(""),
    ])
      expect(sniffMediaFormat(head), Buffer.from(head).toString("latin1")).toBeNull();
  });
});
