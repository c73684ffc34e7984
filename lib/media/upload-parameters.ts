import { UPLOAD_PROTOCOL } from "@/config/media";

/**
 * How a clip of `size` bytes is uploaded, by the upload protocol's settings: one POST up to the
 * multipart threshold, else parts of at least the minimum part size, never more than the most
 * parts S3 accepts. The uploader in the browser and the server's checks read the same numbers.
 */
export function usesMultipart(size: number): boolean {
  return size > UPLOAD_PROTOCOL.multipartThresholdBytes;
}

export function partSizeFor(size: number): number {
  return Math.max(UPLOAD_PROTOCOL.minPartBytes, Math.ceil(size / UPLOAD_PROTOCOL.maxParts));
}

/** A part number the protocol allows (S3 numbers parts 1 to 10,000). */
export const isPartNumber = (n: number) => Number.isInteger(n) && n >= 1 && n <= UPLOAD_PROTOCOL.maxParts;

/** A declared type without its parameters (`video/webm;codecs=vp9,opus` is `video/webm`). */
export const baseMediaType = (type: string) => type.split(";")[0].trim().toLowerCase();
