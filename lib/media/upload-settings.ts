import "server-only";
import { env } from "@/lib/env";

/** What the browser's uploader needs to know about the store, given with each new clip. */
export interface UploadSettings {
  /** Send every file in parts, even one under the multipart threshold. */
  multipartOnly: boolean;
}

export function uploadSettings(): UploadSettings {
  return { multipartOnly: Boolean(env.S3_BUCKET) && env.S3_MULTIPART_ONLY };
}
