"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaKind } from "@/db/schema/enums";
import type { CallFailure } from "@/lib/api-client/call-result";
import { apiResult } from "@/lib/api-client/request";
import type { MediaDto } from "@/lib/media/media-dto";
import { uploadClip, UPLOAD_FAILED, type UploadStep } from "./upload-clip";

/** A clip's way to the server, as the dialog shows it. */
export type ClipUploadState =
  | { step: "idle" }
  | { step: "creating" }
  | UploadStep
  | { step: "ready"; media: MediaDto }
  /** Processing refused the clip: `media.failureReason` says why. */
  | { step: "failed"; media: MediaDto }
  /** The API or the upload refused it. */
  | { step: "refused"; failure: CallFailure };

/**
 * Uploads one clip at a time: `upload` starts (cancelling the one before), `discard` cancels
 * and removes the media row and its objects, so a clip recorded again or deleted does not stay
 * in the user's storage. `onMedia` hears the ready media, or null when there is none.
 */
export function useClipUpload(kind: MediaKind, onMedia: (media: MediaDto | null) => void) {
  const [state, setState] = useState<ClipUploadState>({ step: "idle" });
  const current = useRef<{ controller: AbortController; mediaId: string | null } | null>(null);
  const onMediaRef = useRef(onMedia);
  useEffect(() => {
    onMediaRef.current = onMedia;
  }, [onMedia]);

  const drop = useCallback(() => {
    const run = current.current;
    current.current = null;
    if (!run) return;
    run.controller.abort();
    // Best effort: a row left behind is removed by the scheduled clean-up.
    if (run.mediaId) void apiResult("DELETE", `/api/media/${run.mediaId}`).catch(() => null);
  }, []);

  const discard = useCallback(() => {
    drop();
    setState({ step: "idle" });
    onMediaRef.current(null);
  }, [drop]);

  const upload = useCallback(
    async (file: File) => {
      drop();
      onMediaRef.current(null);
      const run = { controller: new AbortController(), mediaId: null as string | null };
      current.current = run;
      setState({ step: "creating" });
      const result = await uploadClip({
        kind,
        file,
        signal: run.controller.signal,
        onStep: (step) => {
          if (current.current === run) setState(step);
        },
        onCreated: (media) => {
          run.mediaId = media.id;
        },
      }).catch(() => UPLOAD_FAILED);
      if (current.current !== run || !result) return;
      if (!result.ok) setState({ step: "refused", failure: result });
      else if (result.data.status === "ready") {
        setState({ step: "ready", media: result.data });
        onMediaRef.current(result.data);
      } else setState({ step: "failed", media: result.data });
    },
    [kind, drop],
  );

  // The dialog closing mid-upload cancels it; a finished clip stays for the reminder.
  useEffect(
    () => () => {
      current.current?.controller.abort();
    },
    [],
  );

  return { state, upload, discard };
}
