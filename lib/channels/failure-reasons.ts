import type { DeliveryMethod } from "@/db/schema/enums";

/**
 * What the user can do about a failure. Each action has a label (messages
 * `deliveryLog.actions.<action>`) and a page where it is done.
 */
export const FIX_ACTIONS = {
  add_phone: "/contacts",
  add_email: "/contacts",
  check_number: "/contacts",
  check_address: "/contacts",
  record_consent: "/contacts",
  ask_start: null,
  top_up: "/billing",
  update_payment: "/billing",
  upgrade: "/pricing",
  edit_message: "/reminders",
  change_channel: "/reminders",
  retry: null,
  none: null,
} as const satisfies Record<string, string | null>;

export type FixAction = keyof typeof FIX_ACTIONS;

interface ReasonEntry {
  /** Plain words for the user: messages `deliveryLog.reasons.<code>`. */
  messageKey: `reasons.${string}`;
  action: FixAction;
  /** A different action on these channels (an e-mail unsubscribe has no START keyword). */
  actionOn?: Partial<Record<DeliveryMethod, FixAction>>;
}

function reason(code: string, action: FixAction, actionOn?: ReasonEntry["actionOn"]): ReasonEntry {
  return { messageKey: `reasons.${code}`, action, ...(actionOn ? { actionOn } : {}) };
}

/**
 * Every reason a delivery can fail or be skipped for, by stable snake_case code. Codes decided
 * by the engine are stored as they are in `deliveries.error_code`; provider codes are stored raw
 * (Twilio's numeric code, the SMTP reply code) and mapped here by `failureReason`.
 */
export const FAILURE_REASONS = {
  opted_out: reason("opted_out", "ask_start", { email: "none" }),
  quota: reason("quota", "upgrade"),
  no_credit: reason("no_credit", "top_up"),
  subscription_unpaid: reason("subscription_unpaid", "update_payment"),
  no_consent: reason("no_consent", "record_consent"),
  no_phone: reason("no_phone", "add_phone"),
  no_email: reason("no_email", "add_email"),
  channel_not_configured: reason("channel_not_configured", "none"),
  template_variable_invalid: reason("template_variable_invalid", "edit_message"),
  // A voice or video reminder whose clip is still processing, failed or was removed.
  media_not_ready: reason("media_not_ready", "edit_message"),
  cancelled: reason("cancelled", "none"),
  // A fallback step not sent: the recipient had answered another step of the occurrence.
  answered_earlier: reason("answered_earlier", "none"),
  // The contact's own choices on their preferences page: everything stopped, a pause, the channels
  // they accept (a step by a refused channel; the hold for their hours is a code of held rows).
  contact_stopped: reason("contact_stopped", "none"),
  contact_paused: reason("contact_paused", "none"),
  contact_refused_channel: reason("contact_refused_channel", "change_channel"),
  contact_window: reason("contact_window", "none"),
  // Calls: a video reminder cannot be read out; the plan's calls a day; a call nobody took.
  call_video_unsupported: reason("call_video_unsupported", "edit_message"),
  call_daily_cap: reason("call_daily_cap", "upgrade"),
  no_answer: reason("no_answer", "retry"),
  busy: reason("busy", "retry"),
  call_failed: reason("call_failed", "check_number"),
  // Twilio error dictionary: https://www.twilio.com/docs/api/errors
  twilio_21210: reason("twilio_21210", "none"),
  twilio_21211: reason("twilio_21211", "check_number"),
  twilio_21214: reason("twilio_21214", "check_number"),
  twilio_21215: reason("twilio_21215", "none"),
  twilio_21216: reason("twilio_21216", "none"),
  twilio_21217: reason("twilio_21217", "check_number"),
  twilio_21219: reason("twilio_21219", "none"),
  twilio_21408: reason("twilio_21408", "none"),
  twilio_21610: reason("twilio_21610", "ask_start"),
  twilio_21612: reason("twilio_21612", "check_number"),
  twilio_21614: reason("twilio_21614", "check_number"),
  twilio_30003: reason("twilio_30003", "retry"),
  twilio_30004: reason("twilio_30004", "check_number"),
  twilio_30005: reason("twilio_30005", "check_number"),
  twilio_30006: reason("twilio_30006", "check_number"),
  twilio_30007: reason("twilio_30007", "edit_message"),
  twilio_30008: reason("twilio_30008", "retry"),
  twilio_63016: reason("twilio_63016", "none"),
  provider_rejected: reason("provider_rejected", "retry"),
  provider_unavailable: reason("provider_unavailable", "retry"),
  rate_limited: reason("rate_limited", "retry"),
  smtp_permanent: reason("smtp_permanent", "check_address"),
  suppressed: reason("suppressed", "check_address"),
  smtp_transient: reason("smtp_transient", "retry"),
  timeout: reason("timeout", "retry"),
  unknown: reason("unknown", "retry"),
} as const satisfies Record<string, ReasonEntry>;

export type FailureReasonCode = keyof typeof FAILURE_REASONS;

export interface FailureReason {
  code: FailureReasonCode;
  messageKey: string;
  action: FixAction;
  /** Where the action is done, when it is done on a page. */
  actionHref: string | null;
  /** What the provider or engine stored, shown beside the plain words. */
  rawCode: string;
}

function isReasonCode(value: string): value is FailureReasonCode {
  return Object.hasOwn(FAILURE_REASONS, value);
}

const TIMEOUTS = new Set(["ETIMEDOUT", "ESOCKET", "ECONNECTION", "ECONNRESET", "ECONNREFUSED", "network"]);

/** The catalogue code for a stored error code on a channel. */
function classify(channel: DeliveryMethod, raw: string): FailureReasonCode {
  if (isReasonCode(raw)) return raw;
  // Earlier rows: one code for both missing addresses.
  if (raw === "no_address") return channel === "email" ? "no_email" : "no_phone";
  if (raw === "config") return "channel_not_configured";
  // The mail server refused the recipient without an SMTP reply code.
  if (raw === "rejected") return "smtp_permanent";
  if (TIMEOUTS.has(raw)) return "timeout";
  // The provider could not be asked whether an unanswered attempt had reached it.
  if (raw === "lookup") return "provider_unavailable";
  if (!/^\d+$/.test(raw)) return "unknown";
  const n = Number(raw);
  if (channel === "email") {
    if (n >= 500 && n < 600) return "smtp_permanent";
    if (n >= 400 && n < 500) return "smtp_transient";
    return "unknown";
  }
  const twilio = `twilio_${raw}`;
  if (isReasonCode(twilio)) return twilio;
  // Plain HTTP statuses (Twilio answered without an error body) and Twilio's 20xxx, which
  // carry the HTTP status in their last three digits (20429, 20503).
  const http = n >= 20_000 && n < 21_000 ? n - 20_000 : n;
  if (http === 429) return "rate_limited";
  if (http >= 500 && http < 600) return "provider_unavailable";
  return "provider_rejected";
}

/**
 * The user-facing reason of a failed or skipped delivery: plain words (message key), the action
 * that fixes it, and the raw code beside them. Unknown provider codes map to a generic reason
 * and keep their raw code. Null when there is nothing to explain.
 */
export function failureReason(channel: DeliveryMethod, errorCode: string | null): FailureReason | null {
  if (!errorCode) return null;
  const code = classify(channel, errorCode);
  const entry: ReasonEntry = FAILURE_REASONS[code];
  const action = entry.actionOn?.[channel] ?? entry.action;
  return {
    code,
    messageKey: entry.messageKey,
    action,
    actionHref: FIX_ACTIONS[action],
    rawCode: errorCode,
  };
}

/** Codes that are the user's own doing or a hold, not worth an alert e-mail. */
export const NOT_ALERTED: ReadonlySet<string> = new Set(["cancelled", "answered_earlier", "contact_paused"]);

/** Failures decided before any send: shown as 'skipped' rather than 'failed'. */
export const SKIP_CODES: ReadonlySet<string> = new Set([
  "opted_out",
  "no_credit",
  "quota",
  "call_daily_cap",
  "no_consent",
  "subscription_unpaid",
  "suppressed",
  "answered_earlier",
  "contact_stopped",
  "contact_paused",
  "contact_refused_channel",
]);
