import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { OutboxHtml } from "@/components/dev/outbox-html";
import { OutboxSentAt } from "@/components/dev/outbox-sent-at";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, fr };
// The request's own zone is UTC (the server's): the part must not fall back on it.
const render = (locale: keyof typeof CATALOGUES, node: React.ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  ).replace(/[\u202f\u00a0]/g, " ");

describe("the dev outbox shows a message as its viewer and recipient would see it", () => {
  const at = new Date("2026-07-14T07:00:01Z");

  it("its time in the viewer's zone, naming the zone", () => {
    expect(render("en", <OutboxSentAt at={at} timeZone="Europe/Madrid" />)).toContain(
      "Jul 14, 2026, 9:00:01 AM (Europe/Madrid)",
    );
    expect(render("fr", <OutboxSentAt at={at} timeZone="America/New_York" />)).toContain(
      "14 juil. 2026, 03:00:01 (America/New_York)",
    );
  });

  it("an e-mail's HTML part in a frame that runs nothing", () => {
    const html = render(
      "en",
      <OutboxHtml html={'<p>Hi</p><a href="https://x/play"><img src="https://x/poster"></a>'} />,
    );
    expect(html).toMatch(/<iframe title="The email as it looks \(HTML\)" sandbox=""/);
    expect(html).toContain(
      'srcDoc="&lt;p&gt;Hi&lt;/p&gt;&lt;a href=&quot;https://x/play&quot;&gt;&lt;img src=&quot;https://x/poster&quot;&gt;&lt;/a&gt;"',
    );
  });
});
