import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { UsageCard, type UsageCardWorkspace } from "@/components/billing/usage-card";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr };

const render = (locale: keyof typeof CATALOGUES, workspace: UsageCardWorkspace) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      <UsageCard workspace={workspace} contactsCount={3} timeZone="Europe/Madrid" />
    </NextIntlClientProvider>,
  );

// Just upgraded from Free to Starter at 10:32 UTC (11:32 in Madrid, the viewer's zone; the request's is UTC).
const upgraded: UsageCardWorkspace = {
  planType: "starter",
  paygCreditBalance: 0,
  remindersQuota: 500,
  remindersUsedCurrentPeriod: 0,
  billingPeriodStart: new Date("2026-12-07T10:32:00Z"),
  billingPeriodEnd: new Date("2026-12-14T10:32:00Z"),
};

describe("the billing page's usage card says when usage started counting", () => {
  it.each([
    ["en", "Counted since Dec 7, 2026, 11:32 AM, when this period began.", "an upgrade from Free included"],
    [
      "es",
      "Contados desde el 7 dic 2026, 11:32, cuando empezó este periodo.",
      "también al pasar del plan Gratis",
    ],
    ["fr", "Comptés depuis le 7 déc. 2026, 11:32, début de cette période.", "en quittant le forfait Gratuit"],
  ] as const)(
    "%s: the period's start in the viewer's zone and the rule for upgrades",
    (locale, since, rule) => {
      const html = render(locale, upgraded);
      expect(html).toContain(`data-testid="reminders-usage">0/500<`);
      const note = /data-testid="period-usage-rule">([^<]*)</.exec(html)?.[1] ?? "";
      expect(note.replace(/[\u202f\u00a0]/g, " ")).toContain(since);
      expect(note).toContain(rule);
    },
  );

  it("says nothing of a period before the first one, nor on pay-as-you-go", () => {
    expect(render("en", { ...upgraded, billingPeriodStart: null })).not.toContain("period-usage-rule");
    const payg = render("en", { ...upgraded, planType: "payg", paygCreditBalance: 700 });
    expect(payg).not.toContain("period-usage-rule");
    expect(payg).toContain('data-testid="credit-balance"');
  });
});
