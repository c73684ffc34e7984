import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { ListedMessage } from "@/components/reminders/listed-message";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr };
const render = (locale: keyof typeof CATALOGUES, reminder: Parameters<typeof ListedMessage>[0]["reminder"]) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      <ListedMessage reminder={reminder} fallback="Text reminder" />
    </NextIntlClientProvider>,
  ).replace(/<[^>]+>/g, "");

describe("a listed reminder's message", () => {
  const group = {
    message: "Choir tonight, {first_name}",
    messageText: "Choir tonight, Ana",
    messageFor: "Ana Ruiz",
  };

  it.each([
    ["en", "Choir tonight, Ana (personalized for each member; shown for Ana Ruiz)"],
    ["es", "Choir tonight, Ana (personalizado para cada miembro; se muestra el de Ana Ruiz)"],
    ["fr", "Choir tonight, Ana (personnalisé pour chaque membre ; affiché pour Ana Ruiz)"],
  ] as const)(
    "%s: a group's message as a member reads it, never a raw field, and says so",
    (locale, line) => {
      expect(render(locale, group)).toBe(line);
    },
  );

  it("a contact's message is shown filled, without a note; an empty one by its type", () => {
    expect(render("en", { message: "Hi {first_name}", messageText: "Hi Ana", messageFor: undefined })).toBe(
      "Hi Ana",
    );
    expect(render("en", { message: null, messageText: undefined, messageFor: undefined })).toBe(
      "Text reminder",
    );
  });
});
