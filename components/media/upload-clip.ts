"use client";

import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import { UPLOAD_ENDPOINT, UPLOAD_PROTOCOL } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import type { CallResult } from "@/lib/api-client/call-result";
import { apiResult } from "@/lib/api-client/request";
import type { MediaDto } from "@/lib/media/media-dto";
import { baseMimeType } from "./recorder-mime-type";
import { shouldUseMultipart, uploadChunkSize } from "./upload-options";

/** Where a clip is on its way to ready; `progress` is 0..1 of the bytes sent. */
export type UploadStep = { step: "uploading"; progress: number } | { step: "processing" };

interface UploadClipOptions {
  kind: MediaKind;
  file: File;
  signal: AbortSignal;
  onStep(step: UploadStep): void;
  /** Called once the media row exists, so that a cancelled upload can remove it. */
  onCreated(media: MediaDto): void;
}

/**
 * POST /api/media's answer: the clip, and what the uploader must know about the store (one
 * without POST form uploads, such as R2, takes every file in parts).
 */
interface CreatedMedia {
  media: MediaDto;
  upload?: { multipartOnly?: boolean };
}

/** How often the browser asks whether processing is done. */
export const PROCESSING_POLL_MS = 1_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      window.clearTimeout(timer);
      resolve();
    });
  });

/** A failure of the upload itself (no API answer of ours): the widget's translated text. */
export const UPLOAD_FAILED: CallResult<never> = {
  ok: false,
  status: 0,
  code: "upload_incomplete",
  message: "The upload could not be completed. Please try again.",
  details: {},
};

/**
 * Sends the file's bytes through the upload protocol (one signed request, or parts above the
 * threshold), retrying after each of the protocol's delays; a retry resumes from the parts
 * already stored. Resolves true once every byte is stored.
 */
async function sendBytes(
  file: File,
  created: CreatedMedia,
  signal: AbortSignal,
  onProgress: (p: number) => void,
) {
  const mediaId = created.media.id;
  const multipartOnly = created.upload?.multipartOnly === true;
  const uppy = new Uppy<{ mediaId: string }>({ autoProceed: false, allowMultipleUploadBatches: false }).use(
    AwsS3,
    {
      companionEndpoint: UPLOAD_ENDPOINT,
      shouldUseMultipart: multipartOnly ? true : shouldUseMultipart,
      getChunkSize: uploadChunkSize,
      limit: UPLOAD_PROTOCOL.concurrentRequests,
      allowedMetaFields: ["mediaId"],
    },
  );
  uppy.on("upload-progress", (_file, progress) => {
    if (progress.bytesTotal) onProgress((progress.bytesUploaded ?? 0) / progress.bytesTotal);
  });
  // Cancelling removes the file, which aborts a multipart upload on the server too.
  const cancel = () => uppy.cancelAll();
  signal.addEventListener("abort", cancel);
  try {
    const fileId = uppy.addFile({ name: file.name, type: file.type, data: file, meta: { mediaId } });
    let result = await uppy.upload();
    for (const delay of UPLOAD_PROTOCOL.retryDelaysMs) {
      if (signal.aborted || !result?.failed?.length) break;
      await sleep(delay, signal);
      if (signal.aborted) break;
      result = await uppy.retryUpload(fileId);
    }
    return !signal.aborted && Boolean(result?.successful?.length) && !result?.failed?.length;
  } finally {
    signal.removeEventListener("abort", cancel);
    uppy.destroy();
  }
}

/**
 * A clip from file to ready: the media row (POST /api/media), the bytes, the server's check of
 * what arrived (POST /api/media/{id}/uploaded), then processing, asked after every
 * PROCESSING_POLL_MS until ready or failed. Resolves with the media (status ready or failed) or
 * the refusal; a cancelled upload resolves with null.
 */
export async function uploadClip(options: UploadClipOptions): Promise<CallResult<MediaDto> | null> {
  const { kind, file, signal, onStep, onCreated } = options;
  const created = await apiResult<CreatedMedia>("POST", "/api/media", {
    kind,
    filename: file.name,
    type: baseMimeType(file.type),
    size: file.size,
  });
  if (!created.ok) return created;
  const { media } = created.data;
  onCreated(media);
  if (signal.aborted) return null;

  onStep({ step: "uploading", progress: 0 });
  const sent = await sendBytes(file, created.data, signal, (progress) =>
    onStep({ step: "uploading", progress }),
  );
  if (signal.aborted) return null;
  if (!sent) return UPLOAD_FAILED;

  onStep({ step: "processing" });
  let answer = await apiResult<{ media: MediaDto }>("POST", `/api/media/${media.id}/uploaded`);
  while (answer.ok && answer.data.media.status === "processing") {
    await sleep(PROCESSING_POLL_MS, signal);
    if (signal.aborted) return null;
    answer = await apiResult<{ media: MediaDto }>("GET", `/api/media/${media.id}`);
  }
  return answer.ok ? { ok: true, data: answer.data.media } : answer;
}
