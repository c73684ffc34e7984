import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { DeliveryEntryItem } from "@/components/delivery-log/delivery-entry-item";
import { DeliveryStatusBadge } from "@/components/delivery-log/delivery-status-badge";
import { MemberOutcomeItem, type MemberStep } from "@/components/delivery-log/member-outcome-item";
import {
  CALL_OUTCOMES,
  CONFIRMATION_STATES,
  DELIVERY_METHODS,
  DELIVERY_STATUSES,
  REPLY_ACTIONS,
} from "@/db/schema/enums";
import { toDeliveryEntry, type DeliveryRow } from "@/lib/activity/to-delivery-entry";
import { FAILURE_REASONS, SKIP_CODES } from "@/lib/channels/failure-reasons";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr } as const;
type Locale = keyof typeof CATALOGUES;
const LOCALES = Object.keys(CATALOGUES) as Locale[];

/**
 * Renders with the app's catalogue; a message missing from it or formatted without one of its
 * values is collected (next-intl then shows the key, as users saw `deliveryLog.status.held`).
 */
function render(locale: Locale, node: React.ReactNode) {
  const problems: string[] = [];
  const html = renderToString(
    <NextIntlClientProvider
      locale={locale}
      messages={CATALOGUES[locale]}
      timeZone="UTC"
      onError={(error) => problems.push(`${locale}: ${error.message}`)}
    >
      {node}
    </NextIntlClientProvider>,
  );
  return { html, problems };
}

const at = new Date("2026-05-01T10:00:00Z");
const later = new Date("2026-05-02T06:00:00Z");

/** A delivery row with the optional times either all set or all empty. */
function row(values: Partial<DeliveryRow>, withTimes: boolean): DeliveryRow {
  const time = (date: Date) => (withTimes ? date : null);
  return {
    id: 7,
    reminderId: "r1",
    contactId: "c1",
    contactName: "Abuelo",
    email: "abuelo@example.com",
    phone: "+34600000001",
    occurrenceAt: at,
    channel: "sms",
    requestedChannel: null,
    status: "sent",
    error: null,
    errorCode: null,
    attemptCount: withTimes ? 2 : 0,
    nextAttemptAt: time(later),
    firstAttemptAt: time(at),
    lastAttemptAt: time(at),
    sentAt: time(at),
    deliveredAt: time(at),
    playedAt: time(at),
    playbackRevokedAt: null,
    hasMedia: withTimes,
    confirmation: null,
    snoozedFromId: null,
    extra: false,
    callOutcome: null,
    callsPlaced: null,
    ...values,
  };
}

const errorCodes = [null, ...Object.keys(FAILURE_REASONS), "21211", "550", "lookup", "no_address"];

describe("the delivery log's words, in every language", () => {
  it.each(LOCALES)(
    "%s: every status, reason and skip word, with and without its optional values",
    { timeout: 60_000 },
    (locale) => {
      const problems: string[] = [];
      let rendered = 0;
      for (const channel of DELIVERY_METHODS)
        for (const status of DELIVERY_STATUSES)
          // A reason is shown for failed and queued deliveries only (toDeliveryEntry), and for
          // one held for the contact's hours.
          for (const errorCode of status === "failed" || status === "queued"
            ? errorCodes
            : [null, "30003", "contact_window"])
            for (const withTimes of [true, false]) {
              // Sent by another channel than the step's own (the contact's choice), with times.
              const requestedChannel = withTimes ? (channel === "sms" ? "whatsapp" : "sms") : null;
              const entry = {
                ...toDeliveryEntry(
                  row(
                    {
                      channel,
                      requestedChannel,
                      status,
                      errorCode,
                      error: errorCode ? "Provider words" : null,
                      callsPlaced: channel === "call" ? (withTimes ? 2 : 0) : null,
                      callOutcome: channel === "call" && withTimes ? "voicemail" : null,
                    },
                    withTimes,
                  ),
                ),
                replies: withTimes
                  ? REPLY_ACTIONS.map((action, id) => ({
                      id,
                      channel: id % 2 ? "call" : channel,
                      body: "1",
                      action,
                      receivedAt: at.toISOString(),
                    }))
                  : [],
              };
              const item = render(
                locale,
                <DeliveryEntryItem entry={entry} timeZone="Europe/Madrid" showContact />,
              );
              const step: MemberStep = {
                channel,
                requestedChannel,
                status,
                error: entry.providerMessage,
                errorCode,
                confirmation: null,
                playedAt: entry.playedAt,
                sentAt: entry.sentAt,
                nextAttemptAt: entry.nextAttemptAt,
                fallbackStep: 0,
              };
              const member = render(
                locale,
                <MemberOutcomeItem
                  member={{ contactId: "c1", name: "Abuelo", status: "scheduled", deliveries: [step] }}
                  timeZone="Europe/Madrid"
                />,
              );
              problems.push(...item.problems, ...member.problems);
              for (const html of [item.html, member.html]) {
                expect(html, `${channel} ${status} ${errorCode}`).not.toContain("deliveryLog.");
                expect(html).not.toContain("replies.");
              }
              rendered += 1;
            }
      expect(rendered).toBeGreaterThan(800);
      expect([...new Set(problems)]).toEqual([]);
    },
  );

  it.each(LOCALES)("%s: a held step says until when, or only that it is held", (locale) => {
    const badge = (nextAttemptAt: string | null) =>
      render(
        locale,
        <DeliveryStatusBadge
          entry={{ status: "held", nextAttemptAt, reason: null }}
          timeZone="Europe/Madrid"
          locale={locale}
        />,
      );
    const until = badge(later.toISOString());
    const plain = badge(null);
    expect([...until.problems, ...plain.problems]).toEqual([]);
    // 06:00 UTC is 08:00 in Madrid: "8:00 AM", "8:00".
    expect(until.html).toMatch(/>[^<]*8:00[^<]*</);
    expect(plain.html).not.toMatch(/8:00/);
    expect(plain.html).not.toContain("deliveryLog");
  });

  it.each(LOCALES)(
    "%s: a delivery sent by the contact's channel, and one held for their hours, say so",
    (locale) => {
      const words = CATALOGUES[locale].deliveryLog.status;
      const entry = (values: Partial<DeliveryRow>) => ({
        ...toDeliveryEntry(row(values, true)),
        replies: [],
      });
      const switched = render(
        locale,
        <DeliveryEntryItem
          entry={entry({ channel: "whatsapp", requestedChannel: "sms" })}
          timeZone="Europe/Madrid"
        />,
      );
      const held = render(
        locale,
        <DeliveryEntryItem
          entry={entry({ status: "held", errorCode: "contact_window" })}
          timeZone="Europe/Madrid"
        />,
      );
      expect([...switched.problems, ...held.problems]).toEqual([]);
      expect(switched.html).toContain('data-testid="channel-switched"');
      if (locale === "en") expect(switched.html).toContain("The contact asked for WhatsApp rather than SMS.");
      const heldText = held.html.replaceAll("&#x27;", "'");
      expect(heldText).toContain(words.heldForContactUntil.split("{time}")[0]);
      expect(heldText).not.toContain(words.heldUntil.split("{time}")[0]);
    },
  );

  it("every code shown as skipped has its word in each language", () => {
    for (const locale of LOCALES) {
      const words = CATALOGUES[locale].deliveryLog.skip as Record<string, string>;
      expect(
        [...SKIP_CODES].filter((code) => !words[code]),
        locale,
      ).toEqual([]);
    }
  });

  it("confirmation states and call outcomes have their words", () => {
    for (const locale of LOCALES) {
      for (const state of CONFIRMATION_STATES)
        expect(CATALOGUES[locale].replies.confirmationStates[state]).toBeTruthy();
      for (const outcome of CALL_OUTCOMES)
        expect(CATALOGUES[locale].deliveryLog.callOutcome[outcome]).toBeTruthy();
    }
  });
});
