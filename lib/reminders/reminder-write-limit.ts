import type { RateLimit } from "@/lib/security/rate-limit";

/** Creates and edits per user per minute: far above any person's pace, a brake on scripts. */
export const REMINDER_WRITE_LIMIT: RateLimit = { name: "reminders-write", limit: 120, windowSeconds: 60 };
