import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";
import { REMINDER_RULE_ERRORS, reminderInputSchema } from "@/lib/validations/reminder";

// The document describes a reminder body as a union of branches (once or recurring, contact or
// group, text or recording); the routes check the same requirements with rules, one at a time.
// The two must agree: whatever the API accepts, the document accepts, and whatever the document
// refuses, the API refuses.

const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as {
  components: { schemas: Record<string, unknown> };
};

// A JSON Schema 2020-12 validator reads allOf as the specification does: each part on its own,
// so the closed field list refuses an unknown field whatever the branches say.
const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema({ $id: "doc", components: document.components });
const documented = ajv.compile({ $ref: "doc#/components/schemas/ReminderInput" });

type Body = Record<string, unknown>;
const byDocument = (body: Body) => documented(body);
const byApi = (body: Body) => reminderInputSchema.safeParse(body);

/** The codes of what the branches require: a missing or doubled recipient, content or date. */
const BRANCH_CODES = new Set([
  "select_contact",
  "enter_message",
  "select_recording",
  "select_date_time",
  "select_frequency",
  "contact_and_group",
]);

const base = { deliveryMethod: "sms" };
const schedules: Record<string, Body> = {
  once: { scheduleType: "once", scheduledFor: "2030-01-15T09:00" },
  daily: { scheduleType: "recurring", frequency: "daily", frequencyConfig: { time: "08:30" } },
  weekly: { scheduleType: "recurring", frequency: "weekly", frequencyConfig: { days: ["Mon"] } },
};
const recipients: Record<string, Body> = { contact: { contactId: "c1" }, group: { groupId: "g1" } };
const contents: Record<string, Body> = {
  text: { message: "Pills" },
  typedText: { type: "text", message: "Pills" },
  voice: { type: "voice", mediaId: "m1" },
  video: { type: "video", mediaId: "m1", message: "A word" },
};
const VALID = Object.entries(schedules).flatMap(([s, schedule]) =>
  Object.entries(recipients).flatMap(([r, recipient]) =>
    Object.entries(contents).map(([c, content]) => ({
      name: `${s} ${r} ${c}`,
      body: { ...base, ...schedule, ...recipient, ...content },
    })),
  ),
);
/** What a body's branches require (the field that decides a branch, like `type: voice`, stays). */
const requiredOf = (body: Body) =>
  ["contactId", "groupId", "mediaId", "scheduledFor", "frequency", "deliveryMethod"]
    .concat(body.type === undefined || body.type === "text" ? ["message"] : [])
    .filter((key) => key in body);

describe("ReminderInput in the document and the API's rules", () => {
  it("both accept a body of every branch", () => {
    for (const { name, body } of VALID) {
      expect({ name, api: byApi(body).success, document: byDocument(body) }).toEqual({
        name,
        api: true,
        document: true,
      });
    }
  });

  it("both refuse a body missing what its branch requires, a second recipient or an unknown field", () => {
    for (const { name, body } of VALID) {
      const changed = [
        ...requiredOf(body).map((key) => ({
          what: `${name} without ${key}`,
          body: Object.fromEntries(Object.entries(body).filter(([k]) => k !== key)),
        })),
        { what: `${name} with both recipients`, body: { ...body, contactId: "c1", groupId: "g1" } },
        { what: `${name} with an unknown field`, body: { ...body, shoeSize: 44 } },
      ];
      for (const { what, body: wrong } of changed)
        expect({ what, api: byApi(wrong).success, document: byDocument(wrong) }).toEqual({
          what,
          api: false,
          document: false,
        });
    }
  });

  it("the API never accepts what the document refuses; what only the rules refuse is stated in prose", () => {
    const maybe = <T>(...values: T[]) => fc.constantFrom<T | undefined | null>(undefined, null, ...values);
    const body = fc.record(
      {
        contactId: maybe("c1"),
        groupId: maybe("g1"),
        type: fc.constantFrom(undefined, "text", "voice", "video"),
        message: maybe("Pills", "  "),
        mediaId: maybe("m1"),
        deliveryMethod: fc.constantFrom("email", "sms", "whatsapp", "call"),
        scheduleType: fc.constantFrom("once", "recurring"),
        scheduledFor: maybe("2030-01-15T09:00"),
        frequency: maybe("daily", "weekly", "monthly"),
        frequencyConfig: maybe({ time: "08:30" }, { days: ["Mon"] }),
        askConfirmation: fc.constantFrom(undefined, true, false),
        fallback: fc.constantFrom(undefined, [], [{ channel: "email" }]),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (candidate) => {
        const sent = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
        const api = byApi(sent);
        const doc = byDocument(sent);
        if (api.success) expect({ sent, doc }).toEqual({ sent, doc: true });
        if (doc && !api.success) {
          const issue = api.error.issues[0] as { params?: { code?: string }; message: string };
          expect(BRANCH_CODES.has(issue.params?.code ?? "")).toBe(false);
          expect(issue.message).not.toBe(REMINDER_RULE_ERRORS.textMedia.message);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
