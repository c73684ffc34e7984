import type { DomainError } from "./domain-error";
import type { ErrorCode } from "./error-codes";

/**
 * The request field a refusal concerns, when its code names one: forms show the error under
 * that field. Zod refusals carry their own paths (`issues`); these codes come from checks that
 * see the whole body (the reminder's rules) or one value at a time (the domain's).
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  select_contact: "contactId",
  contact_and_group: "groupId",
  group_not_found: "groupId",
  group_over_quota: "groupId",
  group_unreachable: "groupId",
  group_empty: "groupId",
  reminder_recipient_fixed: "groupId",
  duplicate_group_name: "name",
  fallback_repeated_channel: "fallback",
  fallback_channel_unavailable: "fallback",
  fallback_wait_needs_confirmation: "fallback",
  enter_message: "message",
  select_recording: "mediaId",
  select_date_time: "scheduledFor",
  select_frequency: "frequency",
  select_days: "frequencyConfig.days",
  select_end_date: "frequencyConfig.endByDate",
  invalid_email: "email",
  invalid_phone: "phone",
  duplicate_email: "email",
  duplicate_phone: "phone",
  email_mismatch: "email",
  contact_not_found: "contactId",
  contact_has_no_email: "deliveryMethod",
  contact_has_no_phone: "deliveryMethod",
  contact_refused_channel: "deliveryMethod",
  contact_stopped: "contactId",
  send_now_channel: "deliveryMethod",
  call_video_unsupported: "deliveryMethod",
  calls_not_in_plan: "deliveryMethod",
  scheduled_in_past: "scheduledFor",
  no_future_occurrence: "frequencyConfig",
  duplicate_template_name: "name",
  webhook_url_invalid: "url",
  webhook_url_insecure: "url",
  webhook_url_private: "url",
  webhook_url_unresolvable: "url",
  webhook_events_required: "events",
};

/** The request field an error code concerns, or undefined. */
export const fieldOfCode = (code: string | null | undefined): string | undefined =>
  code ? FIELD_OF_CODE[code as ErrorCode] : undefined;

/** An error's details with `field` filled in from its code when the thrower gave none. */
export function errorDetails(error: DomainError): Record<string, unknown> {
  const details = error.details ?? {};
  if (typeof details.field === "string") return details;
  const field = fieldOfCode(error.code);
  return field ? { ...details, field } : details;
}
