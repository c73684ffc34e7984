/**
 * Undo after cancelling a reminder or deleting a contact. The browser shows the Undo toast for
 * UNDO_TOAST_MS; the server accepts the restore until UNDO_WINDOW_MS after the change, so a
 * press at the toast's last moment still arrives in time over a slow connection.
 */

/**
 * 20 s: long enough to reach the toast's button from the keyboard (one shortcut or a few Tab
 * presses) and to hear a screen reader's announcement to its end before acting, the figure
 * WCAG 2.2.1 (Timing Adjustable) gives for answering a time limit. The toast also pauses while
 * the pointer is over it or the page is hidden.
 */
export const UNDO_TOAST_MS = 20_000;

/** The server's window: the toast's time plus a margin for the request; after it the change is final. */
export const UNDO_WINDOW_MS = 30_000;
