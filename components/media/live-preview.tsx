"use client";

import { useEffect, useRef } from "react";

/** The camera while recording (muted: the speaker would feed the microphone). */
export function LivePreview({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      data-testid="media-live-preview"
      className="aspect-video w-full rounded-md bg-black object-cover"
      autoPlay
      muted
      playsInline
    />
  );
}
