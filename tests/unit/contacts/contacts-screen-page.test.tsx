import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { ContactsScreen } from "@/components/contacts/contacts-screen";
const CONTACTS_PAGE_SIZE = 48;
import { DateGreetingsProvider } from "@/components/contacts/date-greetings";
import type { ContactView } from "@/lib/contacts/contact-view";
import { dateGreetings } from "@/lib/reminders/date-reminder-texts";
import messages from "@/messages/en.json";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

const contact = (i: number): ContactView =>
  ({
    id: `c${i}`,
    name: `Contact ${i}`,
    email: `c${i}@example.com`,
    phone: "+14155550101",
    relationship: "Friend",
    groupIds: [] as string[],
    avatarUrl: null,
    deliveryMethod: "email",
    reminderCount: 2,
    lastReminder: "2026-05-01T09:00:00.000Z",
    dates: [
      { id: `d${i}`, kind: "birthday", label: null, month: 5, day: 1, year: 1990, hasYearlyReminder: true },
    ],
  }) as ContactView;

/** The screen as the server renders it for the page's first HTML. */
function renderScreen(count: number): string {
  return renderToString(
    <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
      <DateGreetingsProvider greetings={dateGreetings("en")} ownerLocale="en">
        <ContactsScreen
          initialContacts={Array.from({ length: count }, (_, i) => contact(i))}
          initialGroups={[]}
          planType="business"
          contactLimit={5000}
          ownerTimezone="UTC"
          ownerLocale="en"
        />
      </DateGreetingsProvider>
    </NextIntlClientProvider>,
  );
}

describe("the contacts screen's first render", () => {
  it("renders one page of cards and a Show more, not every contact", () => {
    const html = renderScreen(1000);
    const cards = html.match(/>Contact \d+</g) ?? [];
    expect(cards).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(html).toContain(`Show more (${CONTACTS_PAGE_SIZE} of 1000)`);
    expect(html).not.toContain("Contact 999");
  });

  it("renders every card and no Show more when they fit on one page", () => {
    const html = renderScreen(CONTACTS_PAGE_SIZE);
    expect(html.match(/>Contact \d+</g) ?? []).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(html).not.toContain("Show more");
  });
});
