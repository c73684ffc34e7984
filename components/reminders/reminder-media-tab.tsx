"use client";

import { useCallback, useEffect, useState } from "react";
import { ClipRecorder } from "@/components/media/clip-recorder";
import { ClipUploadStatus } from "@/components/media/clip-upload-status";
import { useClipUpload } from "@/components/media/use-clip-upload";
import type { MediaKind } from "@/db/schema/enums";
import type { MediaDto } from "@/lib/media/media-dto";

interface ReminderMediaTabProps {
  kind: MediaKind;
  /** The tab is shown (a hidden tab stops recording). */
  active: boolean;
  /** The clip the reminder has when the dialog opens (editing), ready to play from the server. */
  savedMedia: MediaDto | null;
  /** The clip the reminder will use once ready; null while there is none or it is not ready. */
  onMedia(media: MediaDto | null): void;
}

/**
 * The Voice or Video tab: record or pick a clip, play it back, and upload it while the rest of
 * the form is filled in; the reminder saves once the clip is ready.
 */
export function ReminderMediaTab({ kind, active, savedMedia, onMedia }: ReminderMediaTabProps) {
  const upload = useClipUpload(kind, onMedia);
  const [file, setFile] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [showSaved, setShowSaved] = useState(savedMedia !== null);

  // Each object URL holds the recording in memory until revoked.
  useEffect(() => {
    if (!localUrl) return;
    return () => URL.revokeObjectURL(localUrl);
  }, [localUrl]);

  const { upload: start, discard } = upload;
  const take = useCallback(
    (next: File) => {
      setShowSaved(false);
      setFile(next);
      setLocalUrl(URL.createObjectURL(next));
      void start(next);
    },
    [start],
  );

  const remove = () => {
    setShowSaved(false);
    setFile(null);
    setLocalUrl(null);
    discard();
  };

  const clipUrl = localUrl ?? (showSaved ? (savedMedia?.playbackUrl ?? null) : null);
  return (
    <div className="grid grid-cols-1 gap-3">
      <ClipRecorder kind={kind} clipUrl={clipUrl} onFile={take} onDelete={remove} active={active} />
      <ClipUploadStatus state={upload.state} onRetry={file ? () => void start(file) : undefined} />
    </div>
  );
}
