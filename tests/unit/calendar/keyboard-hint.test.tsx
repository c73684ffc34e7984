import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { CalendarKeyboardHint } from "@/components/schedule/calendar-keyboard-hint";
import { moveFocus } from "@/lib/calendar/schedule-period";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr };
const hint = (locale: keyof typeof CATALOGUES, view: "week" | "month") =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      <CalendarKeyboardHint view={view} />
    </NextIntlClientProvider>,
  )
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

describe("the calendar's keyboard hint says what the keys do in the view on screen", () => {
  it("the keys: Up and Down a week, Page Up and Page Down a month", () => {
    const day = { year: 2026, month: 3, day: 31 };
    expect(moveFocus(day, "ArrowDown", 1)).toEqual({ year: 2026, month: 4, day: 7 });
    expect(moveFocus(day, "PageDown", 1)).toEqual({ year: 2026, month: 4, day: 30 });
  });

  it.each([
    ["en", "Up and Down go to the previous or next week", "Page Up and Page Down go a month back or ahead"],
    [
      "es",
      "Arriba y Abajo van a la semana anterior o siguiente",
      "Re Pág y Av Pág retroceden o avanzan un mes",
    ],
    [
      "fr",
      "Haut et Bas vont à la semaine précédente ou suivante",
      "Page précédente et Page suivante reculent ou avancent d’un mois",
    ],
  ] as const)(
    "%s: a week says the week turns with Up and Down; a month, that the month changes",
    (locale, week, month) => {
      expect(hint(locale, "week")).toContain(week);
      expect(hint(locale, "week")).toContain(month);
      expect(hint(locale, "month")).toBe(CATALOGUES[locale].schedule.calendar.keyboardHint);
      expect(hint(locale, "month")).not.toBe(hint(locale, "week"));
    },
  );
});
