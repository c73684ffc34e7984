import { describe, expect, it } from "vitest";
import {
  WHATSAPP_VARIABLES_MAX_CHARS,
  sanitiseTemplateVariable,
  whatsappTemplateVariables,
} from "@/lib/channels/whatsapp-template";

describe("WhatsApp template variables", () => {
  it("turns newlines, tabs and runs of spaces into one space (Meta refuses them: 63013)", () => {
    expect(sanitiseTemplateVariable("  Line one\r\n\n\tline two     end  ")).toBe("Line one line two end");
  });

  it("refuses an empty sender or message after sanitising", () => {
    expect(whatsappTemplateVariables(" \n ", "Hi")).toEqual({
      ok: false,
      problem: "empty",
      variable: "sender",
    });
    expect(whatsappTemplateVariables("Ana", "\t\n")).toEqual({
      ok: false,
      problem: "empty",
      variable: "message",
    });
  });

  it("allows sender + message up to the budget, counting characters not UTF-16 units", () => {
    const sender = "Ana";
    const fits = "😀".repeat(WHATSAPP_VARIABLES_MAX_CHARS - sender.length);
    expect(whatsappTemplateVariables(sender, fits)).toEqual({
      ok: true,
      variables: { "1": sender, "2": fits },
    });
    expect(whatsappTemplateVariables(sender, `${fits}x`)).toEqual({
      ok: false,
      problem: "too_long",
      variable: "message",
    });
  });
});
