import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { CallScript } from "@/components/dev/call-script";
import { OutboxKeypad, type OutboxKeypadLabels } from "@/components/dev/outbox-keypad";
import { OUTBOX_CALL_KEYS } from "@/lib/validations/outbox-reply";
import {
  callTwiml,
  hangUpTwiml,
  redirectTwiml,
  sayAndHangUp,
  sayAndRedirect,
} from "@/lib/channels/call-twiml";
import { offeredCallKeys } from "@/lib/channels/offered-call-keys";
import { outboxCallOf } from "@/lib/channels/outbox-call";
import { readCallTwiml, spokenLines } from "@/lib/channels/read-call-twiml";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

const CATALOGUES = { en, es, fr } as const;
const GATHER = "http://localhost:3000/api/webhooks/twilio/voice/gather?d=7";

const script = (audioUrl?: string) => ({
  locale: "es",
  lines: {
    greeting: "Un mensaje de Ana, a través de Remindful.",
    prompt: "Pulsa 1 para confirmar & 0 para repetir.",
    goodbye: "Adiós.",
  },
  text: audioUrl ? null : "Feliz cumpleaños, abuelo <3",
  audioUrl,
  gatherUrl: GATHER,
});

describe("a call's TwiML read back", () => {
  it("a person's call: greeting, pause, message, the keypad twice, goodbye, hang up; text as written", () => {
    const steps = readCallTwiml(callTwiml(script(), "person"));
    expect(steps).toEqual([
      { kind: "say", text: "Un mensaje de Ana, a través de Remindful." },
      { kind: "pause", seconds: 1 },
      { kind: "say", text: "Feliz cumpleaños, abuelo <3" },
      {
        kind: "gather",
        timeout: 8,
        steps: [{ kind: "say", text: "Pulsa 1 para confirmar & 0 para repetir." }],
      },
      {
        kind: "gather",
        timeout: 8,
        steps: [{ kind: "say", text: "Pulsa 1 para confirmar & 0 para repetir." }],
      },
      { kind: "say", text: "Adiós." },
      { kind: "hangup" },
    ]);
    expect(spokenLines(steps)).toHaveLength(5);
  });

  it("a recording is played from its link; a machine gets no keypad", () => {
    const url = "https://app.example/api/play/tok/audio.mp3?sig=a&exp=1";
    const steps = readCallTwiml(callTwiml(script(url), "machine"));
    expect(steps).toContainEqual({ kind: "play", url });
    expect(steps.some((step) => step.kind === "gather")).toBe(false);
  });

  it("the keypad's answers", () => {
    expect(readCallTwiml(sayAndHangUp("fr", "Merci, c'est confirmé."))).toEqual([
      { kind: "say", text: "Merci, c'est confirmé." },
      { kind: "hangup" },
    ]);
    expect(readCallTwiml(redirectTwiml("http://x/voice?d=1&a=b"))).toEqual([
      { kind: "redirect", url: "http://x/voice?d=1&a=b" },
    ]);
    expect(readCallTwiml(sayAndRedirect("en", "Sorry.", "http://x/voice?d=1")).map((s) => s.kind)).toEqual([
      "say",
      "redirect",
    ]);
    expect(readCallTwiml(hangUpTwiml())).toEqual([{ kind: "hangup" }]);
  });
});

function render(locale: keyof typeof CATALOGUES, node: React.ReactNode): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describe("the dev outbox's call", () => {
  const twiml = callTwiml(script(), "person");
  const message = { text: twiml, headers: JSON.stringify({ url: "http://x/voice?d=7", gatherUrl: GATHER }) };

  it("reads as what is said, waited for and when it hangs up", () => {
    const html = render("en", <CallScript call={outboxCallOf(message)} twiml={twiml} />);
    expect(text(html)).toContain(
      "What the call does Says “Un mensaje de Ana, a través de Remindful.” Pauses 1 second Says “Feliz cumpleaños, abuelo <3” " +
        "Waits 8 seconds for a key: Says “Pulsa 1 para confirmar & 0 para repetir.”",
    );
    expect(text(html)).toContain("Says “Adiós.” Hangs up Show the TwiML");
    expect(html).toContain("<details>");
  });

  it("shows a recording's link, and an answer names its key", () => {
    const url = "https://app.example/api/play/tok/audio.mp3";
    const played = render(
      "fr",
      <CallScript call={outboxCallOf({ text: callTwiml(script(url), "machine"), headers: null })} twiml="" />,
    );
    expect(text(played)).toContain(`Joue l'enregistrement : ${url}`);
    expect(played).toContain(`href="${url}"`);
    const answer = outboxCallOf({
      text: sayAndHangUp("es", "Gracias, confirmado. Adiós."),
      headers: JSON.stringify({ callSid: "outbox-1", key: "1" }),
    });
    expect(answer.gatherUrl).toBeNull();
    expect(text(render("es", <CallScript call={answer} twiml="" />))).toContain(
      "Respuesta a la tecla 1 Dice «Gracias, confirmado. Adiós.» Cuelga",
    );
  });

  it("a stored entry without usable headers has no keypad", () => {
    expect(outboxCallOf({ text: hangUpTwiml(), headers: "not json" }).gatherUrl).toBeNull();
    expect(
      outboxCallOf({ text: hangUpTwiml(), headers: JSON.stringify({ gatherUrl: 7 }) }).gatherUrl,
    ).toBeNull();
  });

  it.each(["en", "es", "fr"] as const)(
    "%s: the keypad's keys 1, 2, 3, 8, 9, 0, each a button with a name that says what it does",
    (locale) => {
      const keys = CATALOGUES[locale].outbox.call.keypad.keys;
      const labels: OutboxKeypadLabels = {
        legend: "Press a key as +34612345678",
        keys,
        pressed: "",
        says: "",
        ended: "",
        again: "",
        failed: "",
      };
      const html = render(
        locale,
        <OutboxKeypad messageId={1} keys={offeredCallKeys(true)} labels={labels} />,
      );
      const buttons = [...html.matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)];
      expect(buttons.map(([, , digit]) => digit)).toEqual(["1", "2", "3", "8", "9", "0"]);
      // A call that asks for no confirmation: no key that would confirm, decline or call again.
      const plain = render(
        locale,
        <OutboxKeypad messageId={1} keys={offeredCallKeys(false)} labels={labels} />,
      );
      expect([...plain.matchAll(/<button\b[^>]*>([^<]*)<\/button>/g)].map(([, digit]) => digit)).toEqual([
        "8",
        "9",
        "0",
      ]);
      for (const [, attrs, digit] of buttons) {
        const name = attrs.match(/aria-label="([^"]*)"/)?.[1] ?? "";
        // The visible digit is part of the accessible name (WCAG 2.5.3), and the name is more than the digit.
        expect(name).toContain(digit);
        expect(name.length).toBeGreaterThan(digit.length + 3);
        expect(attrs).toContain('type="button"');
      }
      expect(new Set(OUTBOX_CALL_KEYS.map((key) => keys[key])).size).toBe(6);
      expect(html).toContain('aria-live="polite"');
    },
  );
});
