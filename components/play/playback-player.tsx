"use client";

import { useRef } from "react";

interface PlaybackPlayerProps {
  token: string;
  kind: "voice" | "video";
  type: string;
  hasPoster: boolean;
  /** Said by browsers that cannot play the file, with a link to open it directly. */
  unsupported: string;
  download: string;
  label: string;
}

/**
 * The recipient's player: the browser's own controls (they work with a keyboard, a screen reader
 * and on iOS Safari and Android Chrome), inline on iPhones, only the metadata fetched until play.
 * The first `play` event tells the server once per page (the server keeps the first time).
 */
export function PlaybackPlayer({
  token,
  kind,
  type,
  hasPoster,
  unsupported,
  download,
  label,
}: PlaybackPlayerProps) {
  const reported = useRef(false);
  const src = `/api/play/${token}/playback`;
  const onPlay = () => {
    if (reported.current) return;
    reported.current = true;
    void fetch(`/api/play/${token}/played`, { method: "POST", keepalive: true }).catch(() => {
      reported.current = false;
    });
  };
  const fallback = (
    <p className="p-4 text-sm">
      {unsupported}{" "}
      <a href={src} className="text-primary underline underline-offset-4">
        {download}
      </a>
    </p>
  );
  if (kind === "video") {
    return (
      <video
        className="aspect-video w-full rounded-lg bg-black"
        controls
        playsInline
        preload="metadata"
        poster={hasPoster ? `/api/play/${token}/poster` : undefined}
        aria-label={label}
        onPlay={onPlay}
        data-testid="playback-video"
      >
        <source src={src} type={type} />
        {fallback}
      </video>
    );
  }
  return (
    <audio
      className="w-full"
      controls
      preload="metadata"
      aria-label={label}
      onPlay={onPlay}
      data-testid="playback-audio"
    >
      <source src={src} type={type} />
      {fallback}
    </audio>
  );
}
