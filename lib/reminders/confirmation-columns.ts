import "server-only";
import { invalidInput } from "@/lib/errors/domain-error";
import type { ReminderBody } from "@/lib/validations/reminder";

export const CONFIRMATION_ERRORS = {
  channel: { code: "invalid_input", message: "Ask for confirmation is only available for SMS and WhatsApp" },
  followUp: { code: "invalid_input", message: "A follow-up time needs Ask for confirmation" },
} as const;

/**
 * The reminder's confirmation settings from a create or edit body: the ask only on SMS and
 * WhatsApp (replies come back there), a follow-up time only with the ask. Throws DomainError.
 */
export function confirmationColumns(
  body: Pick<ReminderBody, "deliveryMethod" | "askConfirmation" | "followUpMinutes">,
) {
  if (body.askConfirmation && body.deliveryMethod === "email")
    throw invalidInput(CONFIRMATION_ERRORS.channel);
  if (body.followUpMinutes != null && !body.askConfirmation) throw invalidInput(CONFIRMATION_ERRORS.followUp);
  return { askConfirmation: body.askConfirmation, followUpMinutes: body.followUpMinutes ?? null };
}
