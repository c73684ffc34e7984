/** An Undo that came after its window: the change it would reverse is final (409). */
export const UNDO_EXPIRED = {
  code: "undo_expired",
  message: "Too late to undo: the change is final",
} as const;
