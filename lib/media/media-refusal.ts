import type { ErrorCode } from "@/lib/errors/error-codes";

export type MediaFailureCode = Extract<
  ErrorCode,
  | "media_not_media"
  | "media_no_audio"
  | "media_no_video"
  | "media_too_long"
  | "media_too_large"
  | "media_processing_failed"
  | "media_picture_too_large"
  | "media_frame_rate_too_high"
  | "media_too_many_streams"
  | "media_too_complex"
>;

/** Processing refuses the clip for good: the row fails with this code, which the user reads. */
export class MediaRefusal extends Error {
  constructor(readonly code: MediaFailureCode) {
    super(code);
    this.name = "MediaRefusal";
  }
}
