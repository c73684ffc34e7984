import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { MemberOutcomeItem, type MemberOutcome } from "@/components/delivery-log/member-outcome-item";
import { FallbackChainField } from "@/components/reminders/fallback-chain-field";
import { suggestedChain } from "@/components/reminders/fallback-form-state";
import { RecipientField } from "@/components/reminders/recipient-field";
import { emptyFormState } from "@/components/reminders/reminder-form-state";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr } as const;
const ALL = ["email", "sms", "whatsapp", "call"] as const;
const noop = () => undefined;

function render(locale: keyof typeof CATALOGUES, node: React.ReactNode): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );
}

/** The page's text, tags removed, entities of quotes decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("the recipient field", () => {
  const groups = [{ id: "g1", name: "Choir", memberCount: 40 }];
  const contacts = [{ id: "c1", name: "Ana", email: null, phone: "+34600000001", whatsappConsent: true }];

  it("keeps contacts and groups apart: the contact select lists contacts only, the switch chooses a group", () => {
    const html = render(
      "en",
      <RecipientField
        state={emptyFormState()}
        contacts={contacts}
        groups={groups}
        channels={["email"]}
        timeZone="UTC"
        update={noop}
        onChooseContact={noop}
      />,
    );
    // An arrow key in a native select changes its value: a group among the options switched the dialog.
    expect(html).not.toContain("Choir");
    expect(html).not.toContain("<optgroup");
    expect(html).toMatch(/<option[^>]*value="c1">Ana<\/option>/);
    expect(html).toMatch(/role="radiogroup"[^>]* aria-labelledby="reminder-recipient-label"/);
    expect(text(html)).toContain("To A contact A group");
  });

  it("keeps the kind of recipient when editing: no switch, no groups among the contacts", () => {
    const html = render(
      "en",
      <RecipientField
        state={emptyFormState("c1")}
        contacts={contacts}
        groups={groups}
        channels={["email"]}
        timeZone="UTC"
        fixed
        update={noop}
        onChooseContact={noop}
      />,
    );
    expect(html).not.toContain("radiogroup");
    expect(html).not.toContain("group:g1");
  });

  it("shows a group's select, its timing and what the timing means, in Spanish", () => {
    const state = { ...emptyFormState(), recipient: "group" as const, groupId: "g1", hour: "18" };
    const html = text(
      render(
        "es",
        <RecipientField
          state={state}
          contacts={contacts}
          groups={groups}
          channels={["whatsapp", "sms", "email"]}
          timeZone="Europe/Madrid"
          update={noop}
          onChooseContact={noop}
        />,
      ),
    );
    expect(html).toContain("Choir (40 miembros)");
    expect(html).toContain("La misma hora local para cada miembro");
    expect(html).toContain("Cada miembro lo recibe a las 18:00 en su propia zona horaria.");
    expect(html).toContain("Contando los mensajes…");
  });
});

describe("the fallback chain field", () => {
  it("offers the suggested chain for a group in one button, in the user's words", () => {
    const html = text(
      render(
        "fr",
        <FallbackChainField
          state={{ deliveryMethod: "email", askConfirmation: false, fallback: [] }}
          offered={ALL}
          suggest
          update={noop}
        />,
      ),
    );
    expect(html).toContain(
      "Utiliser : WhatsApp ; en cas d’échec, SMS ; si personne ne confirme sous 1 heure, courriel",
    );
    expect(html).toContain("Ajouter un canal de repli");
  });

  it("lists the steps with their waits and says the chain, without offering it again", () => {
    const html = render(
      "en",
      <FallbackChainField state={suggestedChain(ALL)!} offered={ALL} suggest update={noop} />,
    );
    expect(html).not.toContain("chain-suggestion");
    expect(text(html)).toContain("WhatsApp; if it fails, SMS; if no one confirms within 1 hour, email");
    expect(html.match(/data-testid="fallback-step"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Remove fallback 2"');
    expect(html).toContain('aria-describedby="reminder-fallback-sentence"');
  });

  it("offers no wait when nothing is asked (e-mail first)", () => {
    const html = render(
      "en",
      <FallbackChainField
        state={{
          deliveryMethod: "email",
          askConfirmation: false,
          fallback: [{ channel: "sms", wait: null }],
        }}
        offered={ALL}
        suggest={false}
        update={noop}
      />,
    );
    expect(html).not.toContain("or if no one confirms within");
    expect(text(html)).toContain("Email; if it fails, SMS");
  });
});

describe("a member's outcome in the History", () => {
  const member: MemberOutcome = {
    contactId: "c1",
    name: "Ana",
    status: "scheduled",
    deliveries: [
      {
        channel: "sms",
        status: "sent",
        error: null,
        errorCode: null,
        confirmation: "confirmed",
        playedAt: null,
        sentAt: "2030-05-06T18:00:05.000Z",
        nextAttemptAt: null,
        fallbackStep: 1,
      },
      {
        channel: "whatsapp",
        status: "failed",
        error: "No WhatsApp consent",
        errorCode: "no_consent",
        confirmation: null,
        playedAt: null,
        sentAt: null,
        nextAttemptAt: null,
        fallbackStep: 0,
      },
    ],
  };

  it("lists each channel tried in chain order with its status, confirmation and reason", () => {
    const html = text(render("en", <MemberOutcomeItem member={member} timeZone="UTC" />));
    expect(html).toMatch(
      /^Ana Step 1: WhatsApp Skipped: no consent Why: .+ Step 2: SMS Sent Confirmed Sent .*2030/,
    );
  });

  it("says nothing was sent yet to a member without deliveries, in French", () => {
    const html = text(
      render("fr", <MemberOutcomeItem member={{ ...member, deliveries: [] }} timeZone="UTC" />),
    );
    expect(html).toBe("Ana Rien n’a encore été envoyé");
  });

  it("says a member who left no longer receives it, their steps kept", () => {
    const html = text(
      render("es", <MemberOutcomeItem member={{ ...member, status: "cancelled" }} timeZone="UTC" />),
    );
    expect(html).toMatch(/^Ana Ya no recibe este recordatorio\. Paso 1: WhatsApp/);
  });
});
