import { describe, expect, it } from "vitest";
import { toDeliveryEntry, type DeliveryRow } from "@/lib/activity/to-delivery-entry";

const at = new Date("2026-05-01T10:00:00Z");

const row = (values: Partial<DeliveryRow>): DeliveryRow => ({
  id: 7,
  reminderId: "r1",
  contactId: "c1",
  contactName: "Abuelo",
  email: "abuelo@example.com",
  phone: "+34600000001",
  occurrenceAt: at,
  channel: "call",
  requestedChannel: null,
  status: "delivered",
  error: null,
  errorCode: null,
  attemptCount: 1,
  nextAttemptAt: null,
  firstAttemptAt: at,
  lastAttemptAt: at,
  sentAt: at,
  deliveredAt: at,
  playedAt: null,
  playbackRevokedAt: null,
  hasMedia: false,
  confirmation: null,
  snoozedFromId: null,
  extra: false,
  callOutcome: null,
  callsPlaced: 1,
  ...values,
});

describe("a call delivery in the history and the activity log", () => {
  it("says it went to the contact's phone, how it ended and how many calls were placed", () => {
    expect(toDeliveryEntry(row({ callOutcome: "voicemail", callsPlaced: 2 }))).toMatchObject({
      channel: "call",
      recipient: "+34600000001",
      status: "delivered",
      callOutcome: "voicemail",
      callsPlaced: 2,
      reason: null,
    });
    expect(toDeliveryEntry(row({ callOutcome: "answered" }))).toMatchObject({
      callOutcome: "answered",
      callsPlaced: 1,
    });
  });

  it("a call waiting for its retry keeps the last reason and counts the calls so far", () => {
    const entry = toDeliveryEntry(
      row({
        status: "queued",
        sentAt: null,
        deliveredAt: null,
        errorCode: "no_answer",
        error: "No answer",
        nextAttemptAt: new Date("2026-05-01T10:10:00Z"),
        callsPlaced: 1,
      }),
    );
    expect(entry).toMatchObject({ status: "queued", callOutcome: null, callsPlaced: 1 });
    expect(entry.reason).toMatchObject({ rawCode: "no_answer" });
    expect(entry.nextAttemptAt).toBe("2026-05-01T10:10:00.000Z");
  });

  it("a call not placed yet counts none; other channels have no call fields", () => {
    expect(toDeliveryEntry(row({ status: "queued", callsPlaced: null }))).toMatchObject({ callsPlaced: 0 });
    expect(toDeliveryEntry(row({ channel: "sms", callOutcome: "answered", callsPlaced: 3 }))).toMatchObject({
      channel: "sms",
      callOutcome: null,
      callsPlaced: null,
    });
  });
});
