"use client";

import { useSyncExternalStore } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

// Toasts at the top on small screens, bottom left from the medium breakpoint (768 px): never over
// a dialog's footer, whose buttons sit at the bottom (full width on a phone, on the right beside
// the sidebar), so a toast cannot hide the button that retries.
const MEDIUM = "(min-width: 768px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MEDIUM);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Toasts: one visible at a time, 5000 ms, swipe right to dismiss, F8 focuses the region. */
export function Toaster(props: ToasterProps) {
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MEDIUM).matches,
    () => true,
  );
  return (
    <Sonner
      position={wide ? "bottom-left" : "top-center"}
      visibleToasts={1}
      duration={5000}
      swipeDirections={["right"]}
      hotkey={["F8"]}
      richColors
      closeButton
      style={{ "--width": "min(420px, calc(100vw - 2rem))" } as React.CSSProperties}
      {...props}
    />
  );
}
