import {
  API_KEY_SCOPES,
  PLAN_TYPES,
  SENDER_IDENTITIES,
  WORKSPACE_ROLES,
  type PlanType,
} from "@/db/schema/enums";
import { PREFERENCE_CHANGES } from "@/config/preferences";
import type { Messages } from "@/i18n/messages";
import { formatMoney } from "@/lib/plans/format-money";
import type { TrailEvent } from "./trail-entry";

/** Every message key under a catalogue object, dotted ("kinds.reminder.created.to"). */
type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** The `activityTrail` keys; next-intl's `t` for that namespace fits (as does createTranslator's). */
export type TrailKey = Leaves<Messages["activityTrail"]>;
export type TrailTranslate = (key: TrailKey, values?: Record<string, string | number>) => string;

/** What a line is written with: the trail's words, the plans' names and the reader's language. */
export interface TrailWords {
  t: TrailTranslate;
  planName: (plan: PlanType) => string;
  locale: string;
}

type Details = TrailEvent["details"];
type Values = Record<string, string | number>;
/** A sentence: its key and values. Billing lines also have an impersonal form for no person. */
type Sentence = [key: TrailKey, values?: Values];

const text = (details: Details, key: string) => {
  const value = details[key];
  return typeof value === "string" && value.trim() !== "" ? value : null;
};
const count = (details: Details, key: string) => {
  const value = details[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

function reminderSentence(entry: TrailEvent, actor: string): Sentence {
  const { details } = entry;
  const recipient = text(details, "recipient");
  const contact = text(details, "contact");
  const dates = count(details, "dateReminders");
  switch (entry.kind) {
    case "reminder.created":
      if (contact && dates) return ["kinds.reminder.created.dates", { actor, contact, count: dates }];
      return recipient
        ? ["kinds.reminder.created.to", { actor, recipient }]
        : ["kinds.reminder.created.plain", { actor }];
    case "reminder.updated":
      if (contact && dates) return ["kinds.reminder.updated.dates", { actor, contact, count: dates }];
      return recipient
        ? ["kinds.reminder.updated.to", { actor, recipient }]
        : ["kinds.reminder.updated.plain", { actor }];
    case "reminder.cancelled":
      return recipient
        ? ["kinds.reminder.cancelled.to", { actor, recipient }]
        : ["kinds.reminder.cancelled.plain", { actor }];
    case "reminder.restored":
      return recipient
        ? ["kinds.reminder.restored.to", { actor, recipient }]
        : ["kinds.reminder.restored.plain", { actor }];
    case "reminder.sent_now":
      return recipient
        ? ["kinds.reminder.sent_now.to", { actor, recipient }]
        : ["kinds.reminder.sent_now.plain", { actor }];
    default:
      return recipient
        ? ["kinds.reminder.retried.to", { actor, recipient }]
        : ["kinds.reminder.retried.plain", { actor }];
  }
}

/** A contact acted themselves: the line names them from the details, whoever the actor column holds. */
function preferencesSentence(details: Details): Sentence {
  const name = text(details, "name");
  const change = oneOf(PREFERENCE_CHANGES, text(details, "change")) ?? "preferences";
  return name
    ? [`kinds.contact.preferences_changed.${change}`, { name }]
    : [`kinds.contact.preferences_changed.unnamed.${change}`];
}

function contactSentence(entry: TrailEvent, actor: string): Sentence {
  const name = text(entry.details, "name");
  switch (entry.kind) {
    case "contact.preferences_changed":
      return preferencesSentence(entry.details);
    case "contact.created":
      return name
        ? ["kinds.contact.created.named", { actor, name }]
        : ["kinds.contact.created.plain", { actor }];
    case "contact.updated":
      return name
        ? ["kinds.contact.updated.named", { actor, name }]
        : ["kinds.contact.updated.plain", { actor }];
    case "contact.deleted":
      return name
        ? ["kinds.contact.deleted.named", { actor, name }]
        : ["kinds.contact.deleted.plain", { actor }];
    case "contact.restored":
      return name
        ? ["kinds.contact.restored.named", { actor, name }]
        : ["kinds.contact.restored.plain", { actor }];
    default: {
      const imported = count(entry.details, "count");
      return imported !== null
        ? ["kinds.contacts.imported.counted", { actor, count: imported }]
        : ["kinds.contacts.imported.plain", { actor }];
    }
  }
}

function groupSentence(entry: TrailEvent, actor: string): Sentence {
  const { details } = entry;
  const name = text(details, "name");
  switch (entry.kind) {
    case "group.created": {
      const members = count(details, "members");
      if (name && members) return ["kinds.group.created.withMembers", { actor, name, count: members }];
      return name ? ["kinds.group.created.named", { actor, name }] : ["kinds.group.created.plain", { actor }];
    }
    case "group.renamed":
      return name ? ["kinds.group.renamed.named", { actor, name }] : ["kinds.group.renamed.plain", { actor }];
    case "group.deleted":
      return name ? ["kinds.group.deleted.named", { actor, name }] : ["kinds.group.deleted.plain", { actor }];
    default: {
      const added = count(details, "added");
      const removed = count(details, "removed");
      if (added)
        return name
          ? ["kinds.group.members_changed.added", { actor, name, count: added }]
          : ["kinds.group.members_changed.addedUnnamed", { actor, count: added }];
      if (removed)
        return name
          ? ["kinds.group.members_changed.removed", { actor, name, count: removed }]
          : ["kinds.group.members_changed.removedUnnamed", { actor, count: removed }];
      return ["kinds.group.members_changed.plain", { actor }];
    }
  }
}

function teamSentence(entry: TrailEvent, actor: string, words: TrailWords): Sentence {
  const { details } = entry;
  const { t } = words;
  const email = text(details, "email");
  const member = entry.subjectName ?? email;
  const role = (key: string) => {
    const value = oneOf(WORKSPACE_ROLES, text(details, key));
    return value && t(`roles.${value}`);
  };
  switch (entry.kind) {
    case "member.invited": {
      const as = role("role");
      if (email && as) return ["kinds.member.invited.withRole", { actor, email, role: as }];
      return email
        ? ["kinds.member.invited.named", { actor, email }]
        : ["kinds.member.invited.plain", { actor }];
    }
    case "invitation.resent":
      return email
        ? ["kinds.invitation.resent.named", { actor, email }]
        : ["kinds.invitation.resent.plain", { actor }];
    case "invitation.revoked":
      return email
        ? ["kinds.invitation.revoked.named", { actor, email }]
        : ["kinds.invitation.revoked.plain", { actor }];
    case "member.joined": {
      const as = role("role");
      return as
        ? ["kinds.member.joined.withRole", { actor, role: as }]
        : ["kinds.member.joined.plain", { actor }];
    }
    case "member.removed":
      return member
        ? ["kinds.member.removed.named", { actor, member }]
        : ["kinds.member.removed.plain", { actor }];
    case "member.left":
      return ["kinds.member.left.plain", { actor }];
    default: {
      const from = role("from");
      const to = role("to");
      if (member && from && to) return ["kinds.member.role_changed.fromTo", { actor, member, from, to }];
      if (member && to) return ["kinds.member.role_changed.to", { actor, member, to }];
      return ["kinds.member.role_changed.plain", { actor }];
    }
  }
}

function workspaceSentence(entry: TrailEvent, actor: string, words: TrailWords): Sentence {
  const { details } = entry;
  if (entry.kind === "workspace.ownership_transferred") {
    const member = entry.subjectName ?? text(details, "email");
    return member
      ? ["kinds.workspace.ownership_transferred.named", { actor, member }]
      : ["kinds.workspace.ownership_transferred.plain", { actor }];
  }
  const name = text(details, "name");
  const identity = oneOf(SENDER_IDENTITIES, text(details, "senderIdentity"));
  const sender = identity && words.t(`senders.${identity}`);
  if (name && sender) return ["kinds.workspace.updated.renamedAndSender", { actor, name, sender }];
  if (name) return ["kinds.workspace.updated.renamed", { actor, name }];
  if (sender) return ["kinds.workspace.updated.sender", { actor, sender }];
  return ["kinds.workspace.updated.plain", { actor }];
}

function integrationSentence(entry: TrailEvent, actor: string, words: TrailWords): Sentence {
  const { details } = entry;
  const name = text(details, "name");
  const url = text(details, "url");
  switch (entry.kind) {
    case "api_key.created": {
      const scope = oneOf(API_KEY_SCOPES, text(details, "scope"));
      if (name && scope)
        return ["kinds.api_key.created.withScope", { actor, name, scope: words.t(`scopes.${scope}`) }];
      return name
        ? ["kinds.api_key.created.named", { actor, name }]
        : ["kinds.api_key.created.plain", { actor }];
    }
    case "api_key.revoked":
      return name
        ? ["kinds.api_key.revoked.named", { actor, name }]
        : ["kinds.api_key.revoked.plain", { actor }];
    case "webhook.created":
      return url
        ? ["kinds.webhook.created.named", { actor, url }]
        : ["kinds.webhook.created.plain", { actor }];
    case "webhook.updated":
      if (url && details.enabled === false) return ["kinds.webhook.updated.off", { actor, url }];
      return url
        ? ["kinds.webhook.updated.named", { actor, url }]
        : ["kinds.webhook.updated.plain", { actor }];
    case "webhook.deleted":
      return url
        ? ["kinds.webhook.deleted.named", { actor, url }]
        : ["kinds.webhook.deleted.plain", { actor }];
    default:
      return url
        ? ["kinds.webhook.secret_rotated.named", { actor, url }]
        : ["kinds.webhook.secret_rotated.plain", { actor }];
  }
}

/**
 * A billing line: with a person, "{actor} changed the plan to Starter"; without one (the payment
 * provider's event), the impersonal form after the source: "Stripe: plan changed to Starter".
 */
function billingSentence(entry: TrailEvent, actor: string | null, words: TrailWords): Sentence {
  const { details } = entry;
  const plan = (key: string) => {
    const value = oneOf(PLAN_TYPES, text(details, key));
    return value && words.planName(value);
  };
  const person = actor !== null;
  const by: Values = actor !== null ? { actor } : {};
  switch (entry.kind) {
    case "billing.checkout_started": {
      const name = plan("plan");
      const seatsAdded = count(details, "seatsAdded");
      const extra = count(details, "extraSeats");
      if (seatsAdded)
        return person
          ? ["kinds.billing.checkout_started.seats", { ...by, count: seatsAdded }]
          : ["kinds.billing.checkout_started.passive.seats", { count: seatsAdded }];
      if (text(details, "plan") === "payg")
        return person
          ? ["kinds.billing.checkout_started.credits", by]
          : ["kinds.billing.checkout_started.passive.credits"];
      if (name && extra)
        return person
          ? ["kinds.billing.checkout_started.planWithSeats", { ...by, plan: name, count: extra }]
          : ["kinds.billing.checkout_started.passive.planWithSeats", { plan: name, count: extra }];
      if (name)
        return person
          ? ["kinds.billing.checkout_started.plan", { ...by, plan: name }]
          : ["kinds.billing.checkout_started.passive.plan", { plan: name }];
      return person
        ? ["kinds.billing.checkout_started.plain", by]
        : ["kinds.billing.checkout_started.passive.plain"];
    }
    case "billing.plan_changed": {
      const to = plan("to");
      if (to)
        return person
          ? ["kinds.billing.plan_changed.to", { ...by, plan: to }]
          : ["kinds.billing.plan_changed.passive.to", { plan: to }];
      return person ? ["kinds.billing.plan_changed.plain", by] : ["kinds.billing.plan_changed.passive.plain"];
    }
    case "billing.credits_added": {
      const cents = count(details, "cents");
      const amount = cents !== null ? formatMoney(cents, words.locale) : null;
      const automatic = text(details, "reason") === "auto_recharge";
      if (amount && automatic)
        return person
          ? ["kinds.billing.credits_added.automatic", { ...by, amount }]
          : ["kinds.billing.credits_added.passive.automatic", { amount }];
      if (amount)
        return person
          ? ["kinds.billing.credits_added.amount", { ...by, amount }]
          : ["kinds.billing.credits_added.passive.amount", { amount }];
      return person
        ? ["kinds.billing.credits_added.plain", by]
        : ["kinds.billing.credits_added.passive.plain"];
    }
    default: {
      const from = count(details, "from");
      const to = count(details, "to");
      if (from !== null && to !== null)
        return person
          ? ["kinds.billing.seats_changed.fromTo", { ...by, from, to }]
          : ["kinds.billing.seats_changed.passive.fromTo", { from, to }];
      return person
        ? ["kinds.billing.seats_changed.plain", by]
        : ["kinds.billing.seats_changed.passive.plain"];
    }
  }
}

function sentence(entry: TrailEvent, actor: string, words: TrailWords): Sentence {
  const [family] = entry.kind.split(".");
  switch (family) {
    case "reminder":
      return reminderSentence(entry, actor);
    case "contact":
    case "contacts":
      return contactSentence(entry, actor);
    case "group":
      return groupSentence(entry, actor);
    case "member":
    case "invitation":
      return teamSentence(entry, actor, words);
    case "workspace":
      return workspaceSentence(entry, actor, words);
    case "api_key":
    case "webhook":
      return integrationSentence(entry, actor, words);
    default:
      return billingSentence(entry, actor, words);
  }
}

/**
 * One line of the trail in plain words, in the reader's language: "Ana Ruiz cancelled the
 * reminder to María", "Luis added 12 contacts by import", "Stripe: plan changed to Starter" when
 * no person acted, "… (via the API key Zapier)" when a person acted through a key. Details are
 * what was recorded then; a line whose details are missing or unknown reads without them.
 */
export function trailLine(entry: TrailEvent, words: TrailWords): string {
  const { t } = words;
  const billing = entry.kind.startsWith("billing.");
  if (entry.actorName === null && billing) {
    const [key, values] = billingSentence(entry, null, words);
    return t("line.passive", { source: t("line.payments"), what: t(key, values) });
  }
  const [key, values] = sentence(entry, entry.actorName ?? t("line.system"), words);
  const line = t(key, values);
  if (entry.apiKey === null) return line;
  return entry.apiKey
    ? t("line.viaApiKey", { line, key: entry.apiKey })
    : t("line.viaUnnamedApiKey", { line });
}
