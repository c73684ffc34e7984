import { describe, expect, it } from "vitest";
import { CONSENT_CONFIRM_WORDS } from "@/config/preferences";
import { LOCALES } from "@/i18n/locales";
import { confirmedChannelOf } from "@/lib/inbound/confirm-consent-request";
import { HELP_WORDS, START_WORDS, STOP_WORDS } from "@/lib/inbound/handle-twilio-inbound";
import { normaliseReply, parseReplyKeyword } from "@/lib/replies/parse-reply-keyword";

const words = Object.values(CONSENT_CONFIRM_WORDS).flatMap((byLocale) => Object.values(byLocale));

describe("the words that confirm a request to take a channel back", () => {
  it("exist in every language, written as a reply is compared", () => {
    for (const byLocale of Object.values(CONSENT_CONFIRM_WORDS)) {
      expect(Object.keys(byLocale).sort()).toEqual([...LOCALES].sort());
    }
    for (const word of words) expect(normaliseReply(word)).toBe(word);
  });

  it("are none of the reply words already read (STOP, START, HELP, YES, NO, LATER...)", () => {
    for (const word of words) {
      expect(STOP_WORDS.has(word), word).toBe(false);
      expect(START_WORDS.has(word), word).toBe(false);
      expect(HELP_WORDS.has(word), word).toBe(false);
      expect(parseReplyKeyword(word), word).toBeNull();
    }
    expect(new Set(words).size).toBe(words.length);
  });

  it("are read on the whole reply, in any case, with or without accents and stops", () => {
    expect(confirmedChannelOf("calls")).toBe("call");
    expect(confirmedChannelOf(" Llamadas. ")).toBe("call");
    expect(confirmedChannelOf("appels!")).toBe("call");
    expect(confirmedChannelOf("call")).toBeNull();
    expect(confirmedChannelOf("calls please")).toBeNull();
    expect(confirmedChannelOf("STOP")).toBeNull();
  });
});
