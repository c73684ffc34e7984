import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { LoadMoreList } from "@/components/ui/load-more-list";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr };

interface Pages {
  items: string[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
}

const render = (locale: keyof typeof CATALOGUES, pages: Pages) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      <LoadMoreList pages={{ ...pages, loadMore: () => undefined }} empty="Nothing yet" label="Lines">
        {(item) => <li key={item}>{item}</li>}
      </LoadMoreList>
    </NextIntlClientProvider>,
  );

const idle = { loading: false, failed: false, hasMore: false };

describe("a list read page by page (Reminders, Activity, the team's trail)", () => {
  it("says it is empty, with no list and no button", () => {
    const html = render("en", { items: [], ...idle });
    expect(html).toContain("Nothing yet");
    expect(html).not.toContain("<ul");
    expect(html).not.toContain("<button");
  });

  it("while the first page loads, shows a busy list rather than the empty words", () => {
    const html = render("en", { items: [], ...idle, loading: true });
    expect(html).not.toContain("Nothing yet");
    expect(html).toContain('aria-busy="true"');
  });

  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])(
    "%s: lists the items, offers the next page and says when it could not be loaded",
    (locale) => {
      const common = CATALOGUES[locale].common;
      const html = render(locale, { items: ["a", "b"], ...idle, hasMore: true, failed: true });
      expect(html).toMatch(/<ul aria-label="Lines" aria-busy="false"><li>a<\/li><li>b<\/li><\/ul>/);
      expect(html).toContain(`role="alert"`);
      expect(html).toContain(common.loadFailed);
      expect(html).toContain(`>${common.loadMore}</button>`);
    },
  );

  it("the button says it is loading, and cannot be pressed, while the next page comes", () => {
    const html = render("fr", { items: ["a"], ...idle, hasMore: true, loading: true });
    expect(html).toMatch(
      new RegExp(`<button[^>]*disabled=""[^>]*>${fr.common.loading.replace(/\./g, "\\.")}</button>`),
    );
    expect(html).not.toContain(fr.common.loadMore);
  });

  it("no button on the last page", () => {
    expect(render("es", { items: ["a"], ...idle })).not.toContain("<button");
  });
});
