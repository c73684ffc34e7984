import type { ButtonHTMLAttributes } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessageFieldButtons } from "@/components/reminders/message-field-buttons";
import { useFieldsProblemText } from "@/components/reminders/message-preview";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { messageFieldsProblem } from "@/lib/validations/message-fields";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

// The buttons as rendered, with their click handlers kept to press them without a browser.
const pressed = vi.hoisted(() => ({ handlers: [] as (() => void)[] }));
vi.mock("@/components/ui/button", () => ({
  Button: ({ onClick, children, title }: ButtonHTMLAttributes<HTMLButtonElement>) => {
    pressed.handlers.push(() => onClick?.({} as never));
    return <button title={title}>{children}</button>;
  },
}));

const CATALOGUES = { en, es, fr } as const;
type Locale = keyof typeof CATALOGUES;

const render = (locale: Locale, node: React.ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );

/** The text of each button: the field as shown, then its spoken name. */
const buttonTexts = (html: string) =>
  [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1].replace(/<[^>]+>/g, ""));

/** A textarea with its caret after `caret` characters. */
function textarea(caret: number) {
  const area = { selectionStart: caret, selectionEnd: caret, focus: vi.fn(), setSelectionRange: vi.fn() };
  return { current: area as unknown as HTMLTextAreaElement, area };
}

afterEach(() => {
  pressed.handlers = [];
  vi.unstubAllGlobals();
});

describe("the buttons that insert a field", () => {
  it.each([
    ["en", ["{first_name} Insert the field First name", "{name} Insert the field Full name"]],
    ["es", ["{nombre} Insertar el campo Nombre", "{nombre_completo} Insertar el campo Nombre completo"]],
    ["fr", ["{prénom} Insérer le champ Prénom", "{nom} Insérer le champ Nom complet"]],
  ] as const)("%s: show each field by the screen's name, named for screen readers", (locale, first) => {
    const html = render(
      locale,
      <MessageFieldButtons textareaRef={textarea(0)} value="" onChange={() => {}} />,
    );
    const texts = buttonTexts(html);
    expect(texts.slice(0, 2)).toEqual(first);
    expect(texts).toHaveLength(5);
  });

  it.each([
    ["en", "Hi {first_name}!", "Hi {first_name}{date}!"],
    ["es", "Hola {nombre}!", "Hola {nombre}{fecha}!"],
    ["fr", "Salut {prénom}!", "Salut {prénom}{date}!"],
  ] as const)(
    "%s: insert the screen's name at the caret and put the caret after it",
    (locale, first, both) => {
      vi.stubGlobal("requestAnimationFrame", (run: () => void) => run());
      const onChange = vi.fn();
      const greeting = locale === "en" ? "Hi !" : locale === "es" ? "Hola !" : "Salut !";
      const caret = greeting.length - 1;
      const { current, area } = textarea(caret);
      render(locale, <MessageFieldButtons textareaRef={{ current }} value={greeting} onChange={onChange} />);
      pressed.handlers[0]();
      expect(onChange).toHaveBeenLastCalledWith(first);
      const afterToken = first.length - 1;
      expect(area.setSelectionRange).toHaveBeenLastCalledWith(afterToken, afterToken);
      expect(area.focus).toHaveBeenCalled();

      // {date}, the fifth button, into the text as it now is, at the caret after the first field.
      pressed.handlers = [];
      const next = textarea(afterToken);
      render(locale, <MessageFieldButtons textareaRef={next} value={first} onChange={onChange} />);
      pressed.handlers[4]();
      expect(onChange).toHaveBeenLastCalledWith(both);
    },
  );
});

function ProblemTexts({ message }: { message: string }) {
  const problemText = useFieldsProblemText();
  const errorText = useApiErrorText();
  const problem = messageFieldsProblem(message);
  return (
    <>
      <p>{problem ? problemText(problem) : ""}</p>
      <p>{errorText({ code: problem?.code, message: "" })}</p>
    </>
  );
}

describe("the words about a message's field mistakes", () => {
  const paragraphs = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]);

  it.each([
    [
      "en",
      "Unknown field: {nickname}. The fields are {first_name}, {name}, {sender}, {age}, {date}.",
      "The message uses a field that does not exist. The fields are {first_name}, {name}, {sender}, {age} and {date}.",
      "{age} needs a reminder made from a contact date with a year; this reminder has none.",
    ],
    [
      "es",
      "Campo desconocido: {nickname}. Los campos son {nombre}, {nombre_completo}, {remitente}, {edad}, {fecha}.",
      "El mensaje usa un campo que no existe. Los campos son {nombre}, {nombre_completo}, {remitente}, {edad} y {fecha}.",
      "{edad} necesita un recordatorio creado a partir de una fecha del contacto con año; este recordatorio no la tiene.",
    ],
    [
      "fr",
      "Champ inconnu : {nickname}. Les champs sont {prénom}, {nom}, {expéditeur}, {âge}, {date}.",
      "Le message utilise un champ qui n’existe pas. Les champs sont {prénom}, {nom}, {expéditeur}, {âge} et {date}.",
      "{âge} nécessite un rappel créé à partir d’une date du contact avec l’année ; ce rappel n’en a pas.",
    ],
  ] as const)("%s: name the fields as the screen's language writes them", (locale, preview, refusal, age) => {
    expect(paragraphs(render(locale, <ProblemTexts message="Hi {nickname}" />))).toEqual([preview, refusal]);
    expect(paragraphs(render(locale, <ProblemTexts message="Happy {age}th" />))[0]).toBe(age);
  });
});
