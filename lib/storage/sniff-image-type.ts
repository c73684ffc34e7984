import "server-only";
/** Image types avatars may have, recognised by their first bytes (the browser's claim is not trusted). */
const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  {
    type: "image/png",
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", test: (b) => String.fromCharCode(...b.slice(0, 4)) === "GIF8" },
  {
    type: "image/webp",
    test: (b) =>
      String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
];

export const SNIFF_BYTES = 12;

/** The image type of these leading bytes, or null when they are not a supported image. */
export function sniffImageType(head: Uint8Array): string | null {
  return SIGNATURES.find((s) => s.test(head))?.type ?? null;
}
