/**
 * The one list of error codes: stable snake_case names of problems for programs and translations
 * (the UI shows `errors.<code>` from messages/{en,es,fr}.json; `message` stays English, for logs
 * and callers without a translation). docs/architecture.md describes the format.
 */
export const ERROR_CODES = [
  // By kind, when nothing more specific applies.
  "invalid_input",
  "unauthorized",
  "payment_required",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "unsupported_type",
  "too_many_requests",
  "internal",
  "unavailable",
  "database_unavailable",
  // Request format.
  "malformed_json",
  "nul_character",
  "cross_site",
  // Validation (zod issues carry these in `params.code`).
  "invalid_email",
  "invalid_phone",
  "email_or_phone_required",
  "email_delivery_needs_email",
  "sms_delivery_needs_phone",
  "select_contact",
  "enter_message",
  "select_recording",
  "select_date_time",
  "select_frequency",
  "select_days",
  "select_end_date",
  "unknown_fields",
  "age_needs_birth_year",
  // Reminders.
  "contact_not_found",
  "contact_has_no_email",
  "contact_has_no_phone",
  "contact_refused_channel",
  "contact_stopped",
  "recurring_needs_paid_plan",
  "scheduled_in_past",
  "no_future_occurrence",
  "invalid_schedule",
  "reminder_not_found",
  "reminder_not_scheduled",
  "reminder_not_failed",
  "reminder_not_cancelled",
  "undo_expired",
  "send_now_channel",
  "call_video_unsupported",
  "calls_not_in_plan",
  "reminder_limit",
  "no_credit",
  // Group reminders and channel fallback.
  "contact_and_group",
  "group_over_quota",
  "group_unreachable",
  "fallback_repeated_channel",
  "fallback_channel_unavailable",
  "fallback_wait_needs_confirmation",
  "group_empty",
  "member_reminder_read_only",
  "group_send_now",
  "reminder_recipient_fixed",
  // Contacts and uploads.
  "contact_limit",
  "duplicate_email",
  "duplicate_phone",
  "upload_not_found",
  "upload_expired",
  "not_an_image",
  "file_too_large",
  // Groups.
  "group_not_found",
  "duplicate_group_name",
  "group_limit",
  "group_name_too_long",
  // Billing.
  "payments_not_configured",
  "no_saved_card",
  "auto_recharge_disputed",
  "no_subscription",
  "seats_not_in_plan",
  // Message templates.
  "template_not_found",
  "duplicate_template_name",
  "template_limit",
  // Account.
  "email_mismatch",
  "transfer_ownership_first",
  // Contact dates.
  "contact_date_not_found",
  "lead_reminder_not_editable",
  "yearly_reminder_exists",
  // Recordings (voice and video).
  "media_kind_not_in_plan",
  "media_storage_full",
  "media_type_unsupported",
  "media_too_large",
  "media_empty",
  "media_too_long",
  "media_not_media",
  "media_no_audio",
  "media_no_video",
  "media_processing_failed",
  "media_picture_too_large",
  "media_frame_rate_too_high",
  "media_too_many_streams",
  "media_too_complex",
  "media_not_found",
  "media_not_ready",
  "media_in_use",
  "media_kind_mismatch",
  "upload_incomplete",
  // API keys and the public API.
  "unprocessable",
  "invalid_api_key",
  "api_key_read_only",
  "api_key_not_found",
  "api_key_limit",
  "invalid_idempotency_key",
  "idempotency_key_reused",
  "idempotency_key_in_use",
  // Outgoing webhooks.
  "webhook_url_invalid",
  "webhook_url_insecure",
  "webhook_url_private",
  "webhook_url_unresolvable",
  "webhook_events_required",
  "webhook_endpoint_limit",
  "webhook_endpoint_not_found",
  "webhook_endpoint_disabled",
  "webhook_message_not_found",
  // Workspaces, members and invitations.
  "role_forbidden",
  "seat_limit",
  "already_member",
  "member_not_found",
  "owner_is_fixed",
  "owner_cannot_leave",
  "invitation_not_found",
  "invitation_expired",
  "invitation_revoked",
  "invitation_used",
  "invitation_other_account",
  // A contact's preferences page.
  "invalid_time",
  "window_order",
  "invalid_time_zone",
  "invalid_date",
  "pause_in_past",
  "pause_too_far",
  "duplicate_channel",
  "channel_unavailable",
  "not_opted_out",
  "call_opt_in_needs_sms",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && CODE_SET.has(value);

/** A message with its code: domain modules keep their English texts as these. */
export interface Problem {
  code: ErrorCode;
  message: string;
}
