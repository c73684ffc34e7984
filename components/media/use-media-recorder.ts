"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { MEDIA_LIMITS } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { pickRecorderMimeType, recordingFilename } from "./recorder-mime-type";

/** Why recording could not start: each has its own message and points to choosing a file. */
export type RecorderProblem = "denied" | "noDevice" | "unsupported" | "failed";

export type RecorderPhase = "idle" | "starting" | "recording";

const noSubscribe = () => () => {};
const canRecord = () =>
  typeof MediaRecorder !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";

/** The browser's refusal as one of our problems (DOMException names from getUserMedia). */
function problemOf(error: unknown): RecorderProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noDevice";
  return "failed";
}

/**
 * Records one clip of `kind` with MediaRecorder: `start` asks for the microphone (and camera for
 * video), `stream` feeds the live preview, recording stops by itself at the kind's limit, and the
 * result arrives through `onRecorded`.
 */
export function useMediaRecorder(kind: MediaKind, onRecorded: (file: File) => void) {
  const supported = useSyncExternalStore(noSubscribe, canRecord, () => true);
  const [phase, setPhase] = useState<RecorderPhase>("idle");
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);
  const limitMs = MEDIA_LIMITS[kind].maxSeconds * 1000;

  const release = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setStream(null);
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }, []);

  const start = useCallback(async () => {
    setProblem(null);
    setStoppedAtLimit(false);
    if (!canRecord()) {
      setProblem("unsupported");
      return;
    }
    setPhase("starting");
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia(
        kind === "video" ? { audio: true, video: { facingMode: "user" } } : { audio: true },
      );
    } catch (error) {
      setPhase("idle");
      setProblem(problemOf(error));
      return;
    }
    streamRef.current = media;
    setStream(media);
    const mimeType = pickRecorderMimeType(kind, (type) => MediaRecorder.isTypeSupported(type));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      release();
      setPhase("idle");
      setProblem("unsupported");
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      recorderRef.current = null;
      release();
      setPhase("idle");
      // The recorder's own type: a browser may add or change codecs.
      const type = recorder.mimeType || mimeType || chunks[0]?.type || "";
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setProblem("failed");
        return;
      }
      onRecordedRef.current(new File([blob], recordingFilename(kind, type, new Date()), { type }));
    };
    recorderRef.current = recorder;
    // A slice each second: a recording cut short still keeps what was said.
    recorder.start(1000);
    setElapsedMs(0);
    setPhase("recording");
  }, [kind, release]);

  // The running timer; at the limit the recording stops by itself.
  useEffect(() => {
    if (phase !== "recording") return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Math.min(Date.now() - startedAt, limitMs);
      setElapsedMs(elapsed);
      if (elapsed >= limitMs) {
        setStoppedAtLimit(true);
        stop();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase, limitMs, stop]);

  // Leaving (the dialog closes) turns the camera and microphone off without keeping the clip.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder) {
        recorder.onstop = null;
        if (recorder.state !== "inactive") recorder.stop();
      }
      streamRef.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { supported, phase, problem, stream, elapsedMs, limitMs, stoppedAtLimit, start, stop };
}
