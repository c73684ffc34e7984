import "server-only";
import { and, eq } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { media, type Media, type Workspace } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";
import { conflict, forbidden, invalidInput, notFound } from "@/lib/errors/domain-error";
import { isErrorCode, type Problem } from "@/lib/errors/error-codes";
import type { ReminderBody } from "@/lib/validations/reminder";

export const REMINDER_MEDIA_ERRORS = {
  notInPlan: {
    code: "media_kind_not_in_plan",
    message: "Your plan does not include this type of reminder. Upgrade to send voice or video reminders.",
  },
  notFound: { code: "media_not_found", message: "This recording no longer exists." },
  kindMismatch: { code: "media_kind_mismatch", message: "This recording does not match the reminder type." },
  notReady: {
    code: "media_not_ready",
    message: "This recording is still being prepared. Wait until it is ready.",
  },
} as const satisfies Record<string, Problem>;

/**
 * The clip of a voice or video reminder (null for text): the plan offers the type, the clip is
 * the user's (anyone else's or an unknown id: 404), of the reminder's kind, and ready. A clip
 * that failed answers with its own reason. The row stays share-locked until the transaction
 * ends, so the clip cannot be removed while a reminder starts using it.
 */
export async function resolveReminderMedia(
  tx: DbOrTx,
  workspace: Pick<Workspace, "id" | "planType">,
  body: Pick<ReminderBody, "type" | "mediaId">,
): Promise<Media | null> {
  if (body.type === "text") return null;
  if (!PLANS[workspace.planType as PlanType]?.mediaKinds.includes(body.type))
    throw forbidden(REMINDER_MEDIA_ERRORS.notInPlan);
  const [clip] = await tx
    .select()
    .from(media)
    .where(and(eq(media.id, body.mediaId ?? ""), eq(media.workspaceId, workspace.id)))
    .limit(1)
    .for("share");
  if (!clip || clip.status === "removed") throw notFound(REMINDER_MEDIA_ERRORS.notFound);
  if (clip.kind !== body.type) throw invalidInput(REMINDER_MEDIA_ERRORS.kindMismatch);
  if (clip.status === "failed") {
    const code = isErrorCode(clip.failureReason) ? clip.failureReason : "media_processing_failed";
    throw invalidInput({ code, message: "This recording could not be prepared" });
  }
  if (clip.status !== "ready") throw conflict(REMINDER_MEDIA_ERRORS.notReady);
  return clip;
}
