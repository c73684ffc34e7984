// The one list of every enumerated value the product stores. Check constraints, zod
// schemas and the UI all read these arrays.
export const PLAN_TYPES = [
  "trial",
  "free",
  "personal",
  "starter",
  "professional",
  "business",
  "payg",
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const SUBSCRIPTION_STATUSES = ["trial", "active", "cancelled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_FREQUENCIES = ["monthly", "quarterly", "biannual", "annual"] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

export const REMINDER_TYPES = ["text", "voice", "video"] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

/** 'cancelled': a cancelled reminder keeps its row and history and is never sent again. */
export const REMINDER_STATUSES = ["scheduled", "sent", "failed", "cancelled"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** "call": a phone call that reads the message aloud or plays the sender's recording. */
export const DELIVERY_METHODS = ["email", "sms", "whatsapp", "call"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const CONTACT_DELIVERY_METHODS = ["email", "sms"] as const;
export type ContactDeliveryMethod = (typeof CONTACT_DELIVERY_METHODS)[number];

export const SCHEDULE_TYPES = ["once", "recurring"] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** Send now on a recurring reminder: a message besides the schedule, or its pending occurrence ahead of time. */
export const SEND_NOW_MODES = ["extra", "occurrence"] as const;
export type SendNowMode = (typeof SEND_NOW_MODES)[number];

export const FREQUENCIES = ["daily", "weekly", "monthly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Which weekday of the month a monthly or yearly schedule falls on: the first to the fourth, or the last (-1). */
export const NTH_WEEKDAYS = [1, 2, 3, 4, -1] as const;
export type NthWeekday = (typeof NTH_WEEKDAYS)[number];

/**
 * The largest interval of a recurring schedule: every 365 days, weeks, months or years. Far beyond
 * any calendar use (the longest in practice are a few years), small enough that every rule keeps a
 * next occurrence within Date's range for centuries.
 */
export const MAX_INTERVAL = 365;

export const END_CONDITIONS = ["never", "after", "by"] as const;
export type EndCondition = (typeof END_CONDITIONS)[number];

export const DELIVERY_STATUSES = ["queued", "held", "sending", "sent", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// payment_refund and dispute take back the credits of a package whose payment was refunded or disputed.
export const LEDGER_REASONS = [
  "purchase",
  "auto_recharge",
  "delivery",
  "refund",
  "adjustment",
  "payment_refund",
  "dispute",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Why an account is flagged for review: a credit package's payment was refunded or disputed. */
export const BILLING_FLAGS = ["refund", "dispute"] as const;
export type BillingFlag = (typeof BILLING_FLAGS)[number];

/** A payment that needs the user: a bank payment that failed, or a card that asks for authentication. */
export const PAYMENT_ISSUES = ["payment_failed", "action_required"] as const;
export type PaymentIssue = (typeof PAYMENT_ISSUES)[number];

export const OUTBOX_CHANNELS = ["email", "sms", "whatsapp", "call"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** How a recipient gave their WhatsApp opt-in (Meta requires one before business-initiated messages). */
export const WHATSAPP_CONSENT_SOURCES = [
  "in_person",
  "written_form",
  "website",
  "whatsapp",
  "phone_call",
] as const;
export type WhatsAppConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/**
 * What a contact changed about hearing from a sender: a channel left or taken back, a request to
 * take one back (confirmed on that channel), their preferences, everything stopped or resumed, and
 * a request to be forgotten with its outcome.
 */
export const CONSENT_CHANGES = [
  "opted_out",
  "opted_in",
  "opt_in_requested",
  "preferences_changed",
  "stopped",
  "resumed",
  "forget_requested",
  "forgotten",
] as const;
export type ConsentChange = (typeof CONSENT_CHANGES)[number];

/** Where a consent change came from: the contact's own reply, key, link or page, or the sender's delete. */
export const CONSENT_SOURCES = [
  "sms_reply",
  "whatsapp_reply",
  "call_keypad",
  "email_unsubscribe",
  "preferences_page",
  "sender",
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A date kept on a contact: a birthday, an anniversary, or one the user names. */
export const CONTACT_DATE_KINDS = ["birthday", "anniversary", "custom"] as const;
export type ContactDateKind = (typeof CONTACT_DATE_KINDS)[number];

/** Who a reminder goes to: its contact, or its owner (a lead reminder before a contact's date). */
/** 'group': a reminder to every member of a contact group, sent as one member reminder each. */
export const REMINDER_RECIPIENTS = ["contact", "owner", "group"] as const;
export type ReminderRecipient = (typeof REMINDER_RECIPIENTS)[number];

/** Where a delivery that asked for a confirmation stands, from the recipient's replies. */
export const CONFIRMATION_STATES = ["awaiting", "confirmed", "declined", "snoozed"] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** What an inbound reply did. */
export const REPLY_ACTIONS = ["confirm", "decline", "snooze", "opt_out", "opt_in", "help", "none"] as const;
export type ReplyAction = (typeof REPLY_ACTIONS)[number];

/** A recorded or uploaded clip behind a voice or video reminder. */
export const MEDIA_KINDS = ["voice", "video"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * uploading: the browser is sending the file; processing: a job probes and converts it;
 * ready: every rendition is stored; failed: refused (failure_reason says why); removed: its files
 * were deleted after the retention period, the row kept for the reminders that name it.
 */
export const MEDIA_STATUSES = ["uploading", "processing", "ready", "failed", "removed"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** An API key reads, or reads and writes, as its user. */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Events an outgoing webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "delivery.sent",
  "delivery.delivered",
  "delivery.failed",
  "delivery.played",
  "reply.confirmed",
  "reply.declined",
  "reply.snoozed",
  "contact.opted_out",
  "contact.opted_in",
  "contact.preferences_changed",
  "reminder.created",
  "reminder.cancelled",
  "reminder.restored",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** pending: to be sent (again); delivered: a 2xx came back; failed: retries ran out or the endpoint went. */
export const WEBHOOK_MESSAGE_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

/** A call's state as Twilio reports it (CallStatus of the Calls API and its status callbacks). */
export const CALL_STATUSES = [
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** How a completed call was taken: by a person (keypad offered) or by voicemail (message left). */
export const CALL_OUTCOMES = ["answered", "voicemail"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * When a group reminder's occurrence reaches each member: at the same local time in each
 * member's zone, or at the same instant for everyone (the sender's zone).
 */
export const GROUP_TIMINGS = ["local_time", "same_instant"] as const;
export type GroupTiming = (typeof GROUP_TIMINGS)[number];

/** A group occurrence's usage check: covered for every member at once, or refused for all. */
export const GROUP_OCCURRENCE_STATUSES = ["covered", "refused"] as const;
export type GroupOccurrenceStatus = (typeof GROUP_OCCURRENCE_STATUSES)[number];

/**
 * A person's role in a workspace, strongest first. owner: billing, deleting the workspace,
 * transferring ownership; admin: members, API keys, webhooks, settings; member: contacts,
 * groups, reminders, templates, recordings; viewer: reads everything, changes nothing.
 */
export const WORKSPACE_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The roles an invitation may carry: ownership moves only by a transfer. */
export const INVITABLE_ROLES = ["admin", "member", "viewer"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Whose name contacts see as the sender: the workspace's, or the member who created the reminder. */
export const SENDER_IDENTITIES = ["workspace", "member"] as const;
export type SenderIdentity = (typeof SENDER_IDENTITIES)[number];

/** What the activity trail records: who created, changed or removed what in a workspace. */
export const WORKSPACE_EVENT_KINDS = [
  "reminder.created",
  "reminder.updated",
  "reminder.cancelled",
  "reminder.restored",
  "reminder.sent_now",
  "reminder.retried",
  "contact.created",
  "contact.updated",
  "contact.deleted",
  "contact.restored",
  "contact.preferences_changed",
  "contacts.imported",
  "group.created",
  "group.renamed",
  "group.deleted",
  "group.members_changed",
  "member.invited",
  "invitation.resent",
  "invitation.revoked",
  "member.joined",
  "member.removed",
  "member.left",
  "member.role_changed",
  "workspace.ownership_transferred",
  "workspace.updated",
  "api_key.created",
  "api_key.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "billing.checkout_started",
  "billing.plan_changed",
  "billing.credits_added",
  "billing.seats_changed",
] as const;
export type WorkspaceEventKind = (typeof WORKSPACE_EVENT_KINDS)[number];
