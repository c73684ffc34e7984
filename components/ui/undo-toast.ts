"use client";

import { toast } from "sonner";
import { UNDO_TOAST_MS } from "@/config/undo";

export interface UndoToastOptions {
  description?: string;
  /** The button's label ("Undo" in the user's language). */
  undoLabel: string;
  onUndo(): void;
}

/**
 * The outcome of a change that can still be reversed, with an Undo button, shown for
 * UNDO_TOAST_MS (config/undo.ts says why that long). The toaster's region is a polite live
 * region, so the message is read out; F8 moves focus to it and holds the timer while it is open.
 */
export function undoToast(message: string, { description, undoLabel, onUndo }: UndoToastOptions) {
  return toast.success(message, {
    description,
    duration: UNDO_TOAST_MS,
    action: { label: undoLabel, onClick: onUndo },
  });
}
