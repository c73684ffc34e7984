import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { PREFERENCE_CHANGES } from "@/config/preferences";
import { WORKSPACE_EVENT_KINDS, type WorkspaceEventKind } from "@/db/schema/enums";
import { LOCALES, type Locale } from "@/i18n/locales";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import type { TrailEvent } from "@/lib/trail/trail-entry";
import { trailLine, type TrailKey, type TrailWords } from "@/lib/trail/trail-line";

const CATALOGUES = { en, es, fr };

/** The details each kind's writer records, one set per way its line reads (its fullest first). */
const DETAILS: Record<WorkspaceEventKind, TrailEvent["details"][]> = {
  "reminder.created": [
    { recipient: "María", channel: "sms" },
    { contact: "María", dateReminders: 2 },
  ],
  "reminder.updated": [
    { recipient: "María", channel: "email" },
    { contact: "María", dateReminders: 1 },
  ],
  "reminder.cancelled": [{ recipient: "María" }],
  "reminder.restored": [{ recipient: "María" }],
  "reminder.sent_now": [{ recipient: "María", channel: "sms", mode: "extra" }],
  "reminder.retried": [{ recipient: "María", channel: "whatsapp" }],
  "contact.created": [{ name: "María" }],
  "contact.updated": [{ name: "María" }],
  "contact.deleted": [{ name: "María" }],
  "contact.restored": [{ name: "María" }],
  // Written with the contact's name; a line whose name is missing reads without it.
  "contact.preferences_changed": PREFERENCE_CHANGES.flatMap((change): TrailEvent["details"][] => [
    { name: "María", change },
    { change },
  ]),
  "contacts.imported": [{ count: 12 }, { count: 1 }],
  "group.created": [
    { name: "Choir", members: 3 },
    { name: "Choir", members: 0 },
  ],
  "group.renamed": [{ name: "Choir" }],
  "group.deleted": [{ name: "Choir" }],
  "group.members_changed": [
    { added: 2, name: "Choir" },
    { added: 1 },
    { removed: 3, name: "Choir" },
    { removed: 1 },
  ],
  "member.invited": [{ email: "luis@example.com", role: "viewer" }, { email: "luis@example.com" }],
  "invitation.resent": [{ email: "luis@example.com" }],
  "invitation.revoked": [{ email: "luis@example.com" }],
  "member.joined": [{ email: "luis@example.com", role: "member" }],
  "member.removed": [{ email: "luis@example.com", role: "member" }],
  "member.left": [{ email: "luis@example.com" }],
  "member.role_changed": [
    { email: "luis@example.com", from: "member", to: "viewer" },
    { email: "luis@example.com", to: "admin" },
  ],
  "workspace.ownership_transferred": [{ email: "luis@example.com", from: "admin" }],
  "workspace.updated": [
    { name: "Acme", senderIdentity: "workspace" },
    { name: "Acme" },
    { senderIdentity: "member" },
  ],
  "api_key.created": [{ name: "Zapier", scope: "write" }, { name: "Zapier" }],
  "api_key.revoked": [{ name: "Zapier" }],
  "webhook.created": [{ url: "https://example.com/hook" }],
  "webhook.updated": [
    { url: "https://example.com/hook", enabled: false },
    { url: "https://example.com/hook", enabled: true },
  ],
  "webhook.deleted": [{ url: "https://example.com/hook" }],
  "webhook.secret_rotated": [{ url: "https://example.com/hook" }],
  "billing.checkout_started": [
    { plan: "starter", seatsAdded: 2, extraSeats: 4 },
    { plan: "payg", creditPackageIndex: 1 },
    { plan: "professional", frequency: "annual", extraSeats: 4 },
    { plan: "business", frequency: "monthly", extraSeats: 0 },
  ],
  "billing.plan_changed": [{ from: "trial", to: "starter", frequency: "monthly" }],
  "billing.credits_added": [
    { cents: 2000, amountCents: 2000, reason: "auto_recharge" },
    { cents: 1000, amountCents: 1000, reason: "purchase" },
  ],
  "billing.seats_changed": [{ from: 0, to: 2 }],
};

function event(
  kind: WorkspaceEventKind,
  details: TrailEvent["details"],
  overrides: Partial<TrailEvent> = {},
): TrailEvent {
  return {
    id: 1,
    at: "2026-03-01T10:00:00.000Z",
    kind,
    actorId: "u1",
    actorName: "Ana Ruiz",
    apiKey: null,
    subjectId: "s1",
    subjectName: null,
    details,
    ...overrides,
  };
}

/** The trail's words in `locale`, failing on any missing key or value; `used` collects the keys read. */
function strictWords(locale: Locale, used = new Set<string>()): TrailWords {
  const messages = CATALOGUES[locale];
  const onError = (error: Error) => {
    throw error;
  };
  const t = createTranslator({ locale, messages, namespace: "activityTrail", onError });
  const plans = createTranslator({ locale, messages, namespace: "plans.names", onError });
  return {
    t: (key, values) => {
      used.add(key);
      return t(key, values);
    },
    planName: (plan) => plans(plan),
    locale,
  };
}

/** Every line a test below renders for one kind: each detail set and none, by a person and by nobody. */
function linesOf(kind: WorkspaceEventKind, words: TrailWords) {
  const sets = [...DETAILS[kind], {}];
  return sets.flatMap((details) => [
    trailLine(event(kind, details), words),
    trailLine(event(kind, details, { actorId: null, actorName: null }), words),
    trailLine(event(kind, details, { apiKey: "Zapier" }), words),
    trailLine(event(kind, details, { apiKey: "" }), words),
  ]);
}

function leaves(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
  );
}

describe.each(LOCALES)("the trail's lines in %s", (locale) => {
  it.each(WORKSPACE_EVENT_KINDS)(
    "%s reads as words, with and without its details, a person or a key",
    (kind) => {
      for (const line of linesOf(kind, strictWords(locale))) {
        expect(line).not.toMatch(/[{}]|undefined|null|NaN|activityTrail|kinds\.|\b[a-z]+_[a-z_]+\b/);
        expect(line.trim().length).toBeGreaterThan(5);
      }
    },
  );

  it("reads every message of the catalogue's kinds (no sentence is left without a case)", () => {
    const used = new Set<string>();
    for (const kind of WORKSPACE_EVENT_KINDS) linesOf(kind, strictWords(locale, used));
    const sentences = leaves(CATALOGUES[locale].activityTrail.kinds, "kinds.");
    expect(sentences.filter((key) => !used.has(key as TrailKey))).toEqual([]);
  });
});

describe("what the lines say", () => {
  const words = strictWords("en");
  it("names the contact who changed their own preferences, whoever the actor column holds", () => {
    const byContact = { actorId: null, actorName: "María" };
    expect(
      trailLine(
        event("contact.preferences_changed", { name: "María", change: "forget_requested" }, byContact),
        words,
      ),
    ).toBe("The contact María asked to be forgotten");
    expect(
      trailLine(event("contact.preferences_changed", { name: "María", change: "stopped" }, byContact), words),
    ).toBe("The contact María stopped all reminders");
    expect(trailLine(event("contact.preferences_changed", { change: "odd" }, byContact), words)).toBe(
      "A contact changed their reminder preferences",
    );
  });

  it("names the person, the subject and what was done", () => {
    expect(trailLine(event("reminder.cancelled", { recipient: "María" }), words)).toBe(
      "Ana Ruiz cancelled the reminder to María",
    );
    expect(trailLine(event("contacts.imported", { count: 12 }, { actorName: "Luis" }), words)).toBe(
      "Luis added 12 contacts by import",
    );
    expect(
      trailLine(
        event(
          "member.role_changed",
          { email: "luis@example.com", from: "member", to: "viewer" },
          {
            actorName: "Ana",
            subjectName: "Luis",
          },
        ),
        words,
      ),
    ).toBe("Ana changed Luis's role from member to viewer");
  });

  it("a member acted on is named by their e-mail once their account is gone", () => {
    expect(trailLine(event("member.removed", { email: "luis@example.com", role: "member" }), words)).toBe(
      "Ana Ruiz removed luis@example.com from the workspace",
    );
  });

  it("the payment provider's events read impersonally after its name", () => {
    expect(
      trailLine(
        event("billing.plan_changed", { from: "trial", to: "starter" }, { actorId: null, actorName: null }),
        words,
      ),
    ).toBe("Stripe: plan changed to Starter");
    expect(
      trailLine(
        event("billing.credits_added", { cents: 2500, reason: "auto_recharge" }, { actorName: null }),
        words,
      ),
    ).toBe("Stripe: $25.00 in credits added by automatic top-up");
  });

  it("says when a person acted through an API key, and keeps a gone person's name", () => {
    expect(trailLine(event("contact.created", { name: "María" }, { apiKey: "Zapier" }), words)).toBe(
      "Ana Ruiz added the contact María (via the API key Zapier)",
    );
    expect(trailLine(event("contact.created", { name: "María" }, { actorId: null }), words)).toBe(
      "Ana Ruiz added the contact María",
    );
  });

  it("in Spanish and French, with the plan's and the role's own words", () => {
    const es = strictWords("es");
    const fr = strictWords("fr");
    const changed = event(
      "member.role_changed",
      { from: "member", to: "viewer" },
      { actorName: "Ana", subjectName: "Luis" },
    );
    expect(trailLine(changed, es)).toBe("Ana cambió el rol de Luis de miembro a lector");
    expect(trailLine(changed, fr)).toBe("Ana a changé le rôle de Luis de membre à lecteur");
    const plan = event("billing.plan_changed", { to: "starter" }, { actorName: null });
    expect(trailLine(plan, es)).toBe("Stripe: plan cambiado a Inicial");
    expect(trailLine(plan, fr)).toBe("Stripe : passage au forfait Démarrage");
  });

  it("ignores details of the wrong type rather than printing them", () => {
    expect(trailLine(event("contacts.imported", { count: "12" }), words)).toBe("Ana Ruiz imported contacts");
    expect(trailLine(event("member.joined", { role: "superuser" }), words)).toBe(
      "Ana Ruiz joined the workspace",
    );
  });
});
