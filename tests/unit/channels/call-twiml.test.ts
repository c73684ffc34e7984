import { describe, expect, it } from "vitest";
import parser from "fast-xml-parser";
import { CALL_GATHER_TIMEOUT_S, CALL_KEYPAD, CALL_VOICES } from "@/config/calls";
import type { Locale } from "@/i18n/locales";
import { callTwiml, hangUpTwiml, redirectTwiml, sayAndHangUp } from "@/lib/channels/call-twiml";
import { readCallAudioToken } from "@/lib/media/call-audio-token";
import { renderMessage, type MessageParts } from "@/lib/messages/render-message";

const APP = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");

interface Say {
  "#text": string;
  "@_voice": string;
  "@_language": string;
}
interface Gather {
  Say: Say;
  "@_input": string;
  "@_numDigits": string;
  "@_timeout": string;
  "@_method": string;
  "@_action": string;
  "@_actionOnEmptyResult": string;
}
interface ParsedResponse {
  Say: Say | Say[];
  Play?: string;
  Pause?: { "@_length": string };
  Gather?: Gather[];
  Hangup: string;
  Redirect?: { "#text": string; "@_method": string };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML's character references undone (this parser leaves them as written). */
const decode = (value: string) =>
  value.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });

/** The TwiML read back as XML (well-formed, or this fails), attributes kept. */
function read(xml: string): ParsedResponse {
  expect(parser.validate(xml)).toBe(true);
  const doc = parser.parse(xml, {
    ignoreAttributes: false,
    parseAttributeValue: false,
    parseNodeValue: false,
    tagValueProcessor: decode,
    attrValueProcessor: decode,
  }) as { Response: ParsedResponse };
  return doc.Response;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const parts = (locale: Locale, voice: boolean): MessageParts => ({
  deliveryId: 77,
  channel: "call",
  to: "+34910000000",
  contactName: "Abuelo",
  message: "Feliz cumpleaños & <felicidades>",
  senderName: "Ana Pérez",
  locale,
  unsubscribeToken: "u",
  media: voice ? { kind: "voice", hasPoster: false, whatsappVideo: false } : undefined,
});

const GREETING: Record<Locale, string> = {
  en: "A message from Ana Pérez, through Remindful.",
  es: "Un mensaje de Ana Pérez, a través de Remindful.",
  fr: "Un message de Ana Pérez, par Remindful.",
};

describe.each(["en", "es", "fr"] as const)("a call's TwiML in %s", (locale) => {
  const { voice, language } = CALL_VOICES[locale];

  it.each([
    ["text", false],
    ["recording", true],
  ] as const)("%s, answered by a person: greeting, message, the keypad twice, goodbye", (_, recording) => {
    const script = renderMessage(parts(locale, recording)).call!;
    const twiml = read(callTwiml(script, "person"));
    const says = list(twiml.Say);
    // Every line in the language's own voice.
    for (const say of [...says, ...list(twiml.Gather).map((g) => g.Say)]) {
      expect(say).toMatchObject({ "@_voice": voice, "@_language": language });
    }
    expect(says[0]["#text"]).toBe(GREETING[locale]);
    if (recording) {
      expect(says).toHaveLength(2);
      expect(twiml.Play).toMatch(new RegExp(`^${APP}/api/play/[A-Za-z0-9_-]{38}/call\\.mp3$`));
      const token = twiml.Play!.split("/").at(-2)!;
      expect(readCallAudioToken(token)).toBe(77);
    } else {
      expect(says).toHaveLength(3);
      expect(says[1]["#text"]).toBe("Feliz cumpleaños & <felicidades>");
      expect(twiml.Play).toBeUndefined();
    }
    expect(twiml.Pause).toEqual({ "@_length": "1" });
    const gathers = list(twiml.Gather);
    expect(gathers).toHaveLength(2);
    for (const gather of gathers) {
      expect(gather).toMatchObject({
        "@_input": "dtmf",
        "@_numDigits": "1",
        "@_timeout": String(CALL_GATHER_TIMEOUT_S),
        "@_method": "POST",
        "@_action": `${APP}/api/webhooks/twilio/voice/gather?d=77`,
        "@_actionOnEmptyResult": "false",
      });
      // Keys 0 and 9 are offered by the prompt's own words.
      expect(gather.Say["#text"]).toMatch(/0.*9/);
    }
    expect(twiml.Hangup).toBe("");
  });

  it.each([
    ["text", false],
    ["recording", true],
  ] as const)("%s, answered by a voicemail: the message and goodbye, no keypad", (_, recording) => {
    const twiml = read(callTwiml(renderMessage(parts(locale, recording)).call!, "machine"));
    expect(twiml.Gather).toBeUndefined();
    const says = list(twiml.Say);
    expect(says[0]["#text"]).toBe(GREETING[locale]);
    expect(says).toHaveLength(recording ? 2 : 3);
    expect(twiml.Play === undefined).toBe(!recording);
    for (const say of says) expect(say).toMatchObject({ "@_voice": voice, "@_language": language });
  });

  it("short answers: a spoken line then the end, a redirect, a bare hang-up", () => {
    const said = read(sayAndHangUp(locale, "Adiós & gracias"));
    expect(said.Say).toEqual({ "#text": "Adiós & gracias", "@_voice": voice, "@_language": language });
    expect(said.Hangup).toBe("");
    const again = read(redirectTwiml(`${APP}/api/webhooks/twilio/voice?d=77&x=1`));
    expect(again.Redirect).toEqual({
      "#text": `${APP}/api/webhooks/twilio/voice?d=77&x=1`,
      "@_method": "POST",
    });
    expect(read(hangUpTwiml())).toEqual({ Hangup: "" });
  });
});

describe("the keypad map", () => {
  it("1 confirms, 2 declines, 3 calls back later, 8 texts the preferences link, 9 stops calls, 0 repeats; nothing else", () => {
    expect(CALL_KEYPAD).toEqual({
      "1": "confirm",
      "2": "decline",
      "3": "snooze",
      "8": "preferences_link",
      "9": "opt_out",
      "0": "repeat",
    });
  });
});
