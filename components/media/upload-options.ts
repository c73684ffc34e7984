import { UPLOAD_PROTOCOL } from "@/config/media";

/** One signed PUT up to the threshold; above it, parts. */
export const shouldUseMultipart = (file: { size: number | null }) =>
  (file.size ?? 0) > UPLOAD_PROTOCOL.multipartThresholdBytes;

/**
 * The part size: the protocol's minimum, grown so that the file fits in its largest number of
 * parts (a 500 MB video goes in 100 parts of 5 MiB; a file past 48.8 GiB would need bigger ones).
 */
export function uploadChunkSize(file: { size: number }): number {
  return Math.max(UPLOAD_PROTOCOL.minPartBytes, Math.ceil(file.size / UPLOAD_PROTOCOL.maxParts));
}
