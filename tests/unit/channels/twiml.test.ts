import { describe, expect, it } from "vitest";
import { twiml, twimlMessages } from "@/lib/channels/twiml";

describe("TwiML answers read back (the dev outbox keeps what Twilio would send)", () => {
  it("gives each <Message> text as written, entities undone", () => {
    for (const text of ["Merci, c'est confirmé.", 'Say "STOP" & <go>', "¡Gracias!\nHasta luego"]) {
      expect(twimlMessages(twiml(text))).toEqual([text]);
    }
    expect(
      twimlMessages("<Response><Message>a &amp;amp; b &#x263A;</Message><Message>2</Message></Response>"),
    ).toEqual(["a &amp; b ☺", "2"]);
  });

  it("an empty answer has no message", () => {
    expect(twimlMessages(twiml(null))).toEqual([]);
  });
});
