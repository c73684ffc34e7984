import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { FAILURE_REASONS, FIX_ACTIONS, failureReason } from "@/lib/channels/failure-reasons";
import { renderFailureAlert } from "@/lib/alerts/render-failure-alert";

describe("failureReason", () => {
  it.each([
    ["sms", "opted_out", "opted_out", "ask_start"],
    ["email", "opted_out", "opted_out", "none"],
    ["sms", "no_address", "no_phone", "add_phone"],
    ["email", "no_address", "no_email", "add_email"],
    ["sms", "21610", "twilio_21610", "ask_start"],
    ["whatsapp", "63016", "twilio_63016", "none"],
    ["sms", "30006", "twilio_30006", "check_number"],
    ["sms", "21999", "provider_rejected", "retry"],
    ["sms", "20429", "rate_limited", "retry"],
    ["sms", "503", "provider_unavailable", "retry"],
    ["email", "550", "smtp_permanent", "check_address"],
    ["email", "451", "smtp_transient", "retry"],
    ["email", "ETIMEDOUT", "timeout", "retry"],
    ["sms", "config", "channel_not_configured", "none"],
    ["email", "something odd", "unknown", "retry"],
  ] as const)("%s %s → %s (%s), raw code kept", (channel, raw, code, action) => {
    expect(failureReason(channel, raw)).toMatchObject({ code, action, rawCode: raw });
  });

  it("says nothing without a code", () => {
    expect(failureReason("sms", null)).toBeNull();
  });

  it("has words in every language for every reason and a label for every action", () => {
    for (const messages of [en, es, fr]) {
      const log = messages.deliveryLog as {
        reasons: Record<string, string>;
        actions: Record<string, string>;
      };
      for (const code of Object.keys(FAILURE_REASONS)) expect(log.reasons[code], code).toBeTruthy();
      for (const action of Object.keys(FIX_ACTIONS).filter((a) => a !== "none"))
        expect(log.actions[action], action).toBeTruthy();
    }
  });
});

describe("renderFailureAlert", () => {
  it("lists the failures in the user's language and zone, with the activity link", () => {
    const mail = renderFailureAlert({
      locale: "fr",
      timeZone: "Europe/Paris",
      appUrl: "https://app.example/",
      total: 2,
      failures: [
        {
          contactName: "Olga",
          channel: "sms",
          errorCode: "21610",
          occurrenceAt: new Date("2030-01-01T08:00:00Z"),
        },
        {
          contactName: "Paul",
          channel: "email",
          errorCode: "opted_out",
          occurrenceAt: new Date("2030-01-01T09:00:00Z"),
        },
      ],
    });
    expect(mail.subject).toBe("2 rappels n’ont pas pu être envoyés");
    expect(mail.text).toContain("Olga par SMS");
    expect(mail.text).toContain("Le contact a répondu STOP à nos messages. (21610)");
    expect(mail.text).toContain("09:00"); // 08:00 UTC in Paris
    expect(mail.text).toContain("https://app.example/activity?status=failed");
    expect(mail.html).toContain("<li>Paul par E-mail");
  });
});
