"use client";

import { Circle, FileAudio, FileVideo, RotateCcw, Square, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { MEDIA_LIMITS } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { formatClipTime } from "./format-clip-time";
import { LivePreview } from "./live-preview";
import { useMediaRecorder } from "./use-media-recorder";

interface ClipRecorderProps {
  kind: MediaKind;
  /** The clip recorded, picked or saved before, to play back; null: none yet. */
  clipUrl: string | null;
  /** A new recording or a picked file replaces the clip. */
  onFile(file: File): void;
  onDelete(): void;
  /** False while another tab is shown: a recording under way stops. */
  active: boolean;
}

/**
 * Records a voice (microphone) or video (camera and microphone) clip, or takes a file: the limit
 * before recording, a timer that stops at it, playback, record again, delete. When the browser
 * cannot record or the user refuses the device, it says why and offers the file instead.
 */
export function ClipRecorder({ kind, clipUrl, onFile, onDelete, active }: ClipRecorderProps) {
  const t = useTranslations("media");
  const recorder = useMediaRecorder(kind, onFile);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const { phase, stop } = recorder;
  const limit = formatClipTime(recorder.limitMs);
  const minutes = MEDIA_LIMITS[kind].maxSeconds / 60;
  const problem = recorder.supported ? recorder.problem : "unsupported";
  const recording = phase === "recording";
  const clip = clipUrl !== null;

  useEffect(() => {
    if (!active && phase === "recording") stop();
  }, [active, phase, stop]);

  const status =
    phase === "starting"
      ? t("starting", { kind })
      : recording
        ? t("recording")
        : recorder.stoppedAtLimit && clip
          ? t("stoppedAtLimit", { limit })
          : clip
            ? t("recorded")
            : "";

  const FileIcon = kind === "video" ? FileVideo : FileAudio;
  return (
    <div
      className="grid min-w-0 grid-cols-1 gap-3 rounded-md border p-3"
      data-testid={`clip-recorder-${kind}`}
    >
      <p id={`${id}-limit`} className="text-sm text-muted-foreground">
        {t("limit", { kind, minutes })}
      </p>
      {problem && (
        <div role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {t(`problems.${problem}`, { kind })}
        </div>
      )}
      {recording && kind === "video" && recorder.stream && (
        <LivePreview stream={recorder.stream} label={t("livePreview")} />
      )}
      {recording && (
        <p className="flex items-center gap-2 text-sm font-medium">
          <Circle className="size-3 animate-pulse fill-red-600 text-red-600" aria-hidden />
          <span role="timer" data-testid="media-timer" aria-label={t("timerLabel")}>
            {t("timer", { elapsed: formatClipTime(recorder.elapsedMs), limit })}
          </span>
        </p>
      )}
      {!recording &&
        clipUrl &&
        // Played from the browser's copy (an object URL): nothing waits for the upload.
        (kind === "video" ? (
          <video
            src={clipUrl}
            controls
            playsInline
            aria-label={t("playback")}
            data-testid="media-playback"
            className="aspect-video w-full rounded-md bg-black"
          />
        ) : (
          <audio
            src={clipUrl}
            controls
            aria-label={t("playback")}
            data-testid="media-playback"
            className="w-full"
          />
        ))}
      <div className="flex flex-wrap gap-2">
        {recording ? (
          <Button type="button" variant="destructive" onClick={stop}>
            <Square aria-hidden />
            {t("stop")}
          </Button>
        ) : (
          problem !== "unsupported" && (
            <Button
              type="button"
              variant={clip ? "outline" : "default"}
              onClick={() => void recorder.start()}
              disabled={phase === "starting"}
              aria-describedby={`${id}-limit`}
            >
              {clip ? <RotateCcw aria-hidden /> : <Circle aria-hidden />}
              {clip ? t("recordAgain") : t("record", { kind })}
            </Button>
          )
        )}
        {!recording && (
          <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
            <FileIcon aria-hidden />
            {t("chooseFile")}
          </Button>
        )}
        {!recording && clip && (
          <Button type="button" variant="ghost" onClick={onDelete}>
            <Trash2 aria-hidden />
            {t("delete")}
          </Button>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={kind === "video" ? "video/*" : "audio/*"}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={`media-file-${kind}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that picking the same file again still counts.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <p className="sr-only" aria-live="polite" data-testid="media-status">
        {status}
      </p>
    </div>
  );
}
