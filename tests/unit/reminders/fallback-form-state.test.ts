import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { chainSentence, type ChainTranslate } from "@/components/reminders/chain-sentence";
import {
  fallbackBody,
  nextStepChannel,
  sameChain,
  stepChoices,
  suggestedChain,
  waitFromMinutes,
  withDeliveryMethod,
  withStepAdded,
  withStepChanged,
  withStepMoved,
  withStepRemoved,
  type ChainState,
} from "@/components/reminders/fallback-form-state";
import { emptyFormState, formStateFrom, toRequestBody } from "@/components/reminders/reminder-form-state";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { reminderInputSchema } from "@/lib/validations/reminder";

const ALL = ["email", "sms", "whatsapp", "call"] as const;
const chain = (patch: Partial<ChainState> = {}): ChainState => ({
  deliveryMethod: "whatsapp",
  askConfirmation: false,
  fallback: [],
  ...patch,
});

const sentence = (locale: "en" | "es" | "fr", state: ChainState) => {
  const messages = { en, es, fr }[locale];
  const t = createTranslator({ locale, messages, namespace: "groupReminders" });
  return chainSentence(state.deliveryMethod, fallbackBody(state), t as unknown as ChainTranslate);
};

describe("the fallback chain in the dialog", () => {
  it("adds the first offered channel not yet in the chain, at most three steps", () => {
    let state = chain();
    state = { ...state, ...withStepAdded(state, ALL) };
    expect(state.fallback).toEqual([{ channel: "email", wait: null }]);
    state = { ...state, ...withStepAdded(state, ALL) };
    state = { ...state, ...withStepAdded(state, ALL) };
    expect(state.fallback.map((s) => s.channel)).toEqual(["email", "sms", "call"]);
    expect(nextStepChannel(state, ALL)).toBeNull();
    expect(withStepAdded(state, ALL)).toBeNull();
    // Only what is offered: a server without calls stops at two.
    const noCalls = { ...chain(), fallback: [{ channel: "email" as const, wait: null }] };
    expect(nextStepChannel(noCalls, ["email", "sms", "whatsapp"])).toBe("sms");
    expect(
      nextStepChannel({ ...noCalls, ...withStepAdded(noCalls, ["email", "sms", "whatsapp"]) }, [
        "email",
        "sms",
        "whatsapp",
      ]),
    ).toBeNull();
  });

  it("offers each step the channels no other step uses, and its own", () => {
    const state = chain({
      fallback: [
        { channel: "sms", wait: null },
        { channel: "email", wait: null },
      ],
    });
    expect(stepChoices(state, 0, ALL)).toEqual(["sms", "call"]);
    expect(stepChoices(state, 1, ["sms", "whatsapp", "email"])).toEqual(["email"]);
  });

  it("moves and removes steps, each keeping its wait", () => {
    const wait = { amount: "2", unit: "hours" as const };
    const state = chain({
      fallback: [
        { channel: "sms", wait: null },
        { channel: "email", wait },
      ],
    });
    expect(withStepMoved(state, 1, -1).fallback).toEqual([
      { channel: "email", wait },
      { channel: "sms", wait: null },
    ]);
    expect(withStepMoved(state, 1, 1).fallback).toBe(state.fallback);
    expect(withStepRemoved(state, 0).fallback).toEqual([{ channel: "email", wait }]);
  });

  it("turns the confirmation on when a wait is chosen, and sends waits only while it is asked", () => {
    const state = chain({ fallback: [{ channel: "email", wait: null }] });
    const patch = withStepChanged(state, 0, { wait: { amount: "90", unit: "minutes" } });
    expect(patch.askConfirmation).toBe(true);
    const waiting = { ...state, ...patch };
    expect(fallbackBody(waiting)).toEqual([{ channel: "email", afterMinutes: 90 }]);
    expect(fallbackBody({ ...waiting, askConfirmation: false })).toEqual([
      { channel: "email", afterMinutes: null },
    ]);
    // E-mail asks nothing: no wait either.
    expect(
      fallbackBody({
        ...waiting,
        deliveryMethod: "email",
        fallback: [{ channel: "sms", wait: waiting.fallback[0].wait }],
      }),
    ).toEqual([{ channel: "sms", afterMinutes: null }]);
    expect(withStepChanged(state, 0, { channel: "sms" })).not.toHaveProperty("askConfirmation");
  });

  it("swaps a new delivery method with the step that used it", () => {
    const state = chain({ fallback: [{ channel: "sms", wait: null }] });
    expect(withDeliveryMethod(state, "sms")).toEqual({
      deliveryMethod: "sms",
      fallback: [{ channel: "whatsapp", wait: null }],
    });
    expect(withDeliveryMethod(state, "email").fallback).toEqual(state.fallback);
  });

  it("shows stored waits in hours when whole, else in minutes", () => {
    expect(waitFromMinutes(60)).toEqual({ amount: "1", unit: "hours" });
    expect(waitFromMinutes(90)).toEqual({ amount: "90", unit: "minutes" });
    expect(waitFromMinutes(null)).toBeNull();
  });

  it("suggests WhatsApp, SMS, then e-mail after an hour without a confirmation, from what is offered", () => {
    const suggestion = suggestedChain(ALL);
    expect(suggestion).toEqual({
      deliveryMethod: "whatsapp",
      askConfirmation: true,
      fallback: [
        { channel: "sms", wait: null },
        { channel: "email", wait: { amount: "1", unit: "hours" } },
      ],
    });
    expect(suggestedChain(["sms", "email"])?.fallback.map((s) => s.channel)).toEqual(["email"]);
    expect(suggestedChain(["whatsapp", "sms"])).toBeNull();
    expect(suggestedChain(["email"])).toBeNull();
    expect(sameChain(chain(), suggestion!)).toBe(false);
    expect(sameChain({ ...suggestion!, fallback: [...suggestion!.fallback] }, suggestion!)).toBe(true);
  });
});

describe("the chain in words", () => {
  const choir = suggestedChain(ALL)!;

  it.each([
    ["en", "WhatsApp; if it fails, SMS; if no one confirms within 1 hour, email"],
    ["es", "WhatsApp; si falla, SMS; si nadie confirma en 1 hora, correo electrónico"],
    ["fr", "WhatsApp ; en cas d’échec, SMS ; si personne ne confirme sous 1 heure, courriel"],
  ] as const)("%s: %s", (locale, words) => {
    expect(sentence(locale, choir)).toBe(words);
  });

  it("counts minutes and hours, and opens with the first channel's own words", () => {
    const state = chain({
      deliveryMethod: "email",
      fallback: [{ channel: "call", wait: null }],
    });
    expect(sentence("en", state)).toBe("Email; if it fails, a phone call");
    const waits = chain({
      askConfirmation: true,
      fallback: [
        { channel: "sms", wait: { amount: "2", unit: "hours" } },
        { channel: "email", wait: { amount: "45", unit: "minutes" } },
      ],
    });
    expect(sentence("en", waits)).toBe(
      "WhatsApp; if no one confirms within 2 hours, SMS; if no one confirms within 45 minutes, email",
    );
    expect(sentence("es", waits)).toBe(
      "WhatsApp; si nadie confirma en 2 horas, SMS; si nadie confirma en 45 minutos, correo electrónico",
    );
  });
});

describe("a group reminder's form", () => {
  const base = { ...emptyFormState(), message: "Rehearsal", date: "2030-05-06" };

  it("sends the group, its timing and the chain instead of a contact", () => {
    const body = toRequestBody({
      ...base,
      contactId: "c1",
      recipient: "group",
      groupId: "g1",
      ...suggestedChain(ALL)!,
    });
    expect(body).toMatchObject({
      contactId: null,
      groupId: "g1",
      groupTiming: "local_time",
      deliveryMethod: "whatsapp",
      askConfirmation: true,
      fallback: [
        { channel: "sms", afterMinutes: null },
        { channel: "email", afterMinutes: 60 },
      ],
    });
    expect(reminderInputSchema.safeParse(body).success).toBe(true);
  });

  it("sends neither group nor chain for a contact without one", () => {
    const body = toRequestBody({ ...base, contactId: "c1", groupId: "g1" });
    expect(body).not.toHaveProperty("groupId");
    expect(body).not.toHaveProperty("fallback");
    expect(body.contactId).toBe("c1");
  });

  it("lets the shared check refuse a wait typed as nothing", () => {
    const body = toRequestBody({
      ...base,
      contactId: "c1",
      deliveryMethod: "sms",
      askConfirmation: true,
      fallback: [{ channel: "email", wait: { amount: "", unit: "hours" } }],
    });
    const parsed = reminderInputSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path.slice(0, 1)).toEqual(["fallback"]);
  });

  it("prefills the edit dialog from a stored group reminder", () => {
    const dto = {
      contactId: null,
      groupId: "g1",
      groupTiming: "same_instant",
      type: "text",
      message: "Rehearsal",
      deliveryMethod: "whatsapp",
      scheduleType: "once",
      localDateTime: "2030-05-06T18:00",
      askConfirmation: true,
      fallback: [
        { channel: "sms", afterMinutes: null },
        { channel: "email", afterMinutes: 120 },
      ],
    } as unknown as ReminderDto;
    expect(formStateFrom(dto)).toMatchObject({
      recipient: "group",
      groupId: "g1",
      groupTiming: "same_instant",
      contactId: "",
      fallback: [
        { channel: "sms", wait: null },
        { channel: "email", wait: { amount: "2", unit: "hours" } },
      ],
    });
    expect(toRequestBody(formStateFrom(dto))).toMatchObject({
      groupId: "g1",
      groupTiming: "same_instant",
      fallback: [
        { channel: "sms", afterMinutes: null },
        { channel: "email", afterMinutes: 120 },
      ],
    });
  });
});
