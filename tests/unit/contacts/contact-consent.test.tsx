import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { ContactConsentHistory } from "@/components/contacts/contact-consent-history";
import { ContactForgetRequest } from "@/components/contacts/contact-forget-request";
import { PermissionsProvider } from "@/components/layout/permissions";
import { PERMISSIONS, type Can, type Permission } from "@/config/roles";
import type { WorkspaceRole } from "@/db/schema/enums";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr } as const;

const canOf = (role: WorkspaceRole): Can =>
  Object.fromEntries(
    (Object.keys(PERMISSIONS) as Permission[]).map((p) => [
      p,
      (PERMISSIONS[p] as readonly string[]).includes(role),
    ]),
  ) as Can;

function render(locale: keyof typeof CATALOGUES, role: WorkspaceRole, node: React.ReactNode): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="Europe/Paris">
      <PermissionsProvider can={canOf(role)}>{node}</PermissionsProvider>
    </NextIntlClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const marie = { name: "Marie", forgetRequestedAt: "2031-02-20T23:30:00.000Z" };

describe("a request to be forgotten on the contact card", () => {
  it("says who asked and when (in the viewer's zone), with one button to delete them", () => {
    const html = render("en", "member", <ContactForgetRequest contact={marie} onDelete={() => {}} />);
    expect(text(html)).toBe(
      "Marie asked to be forgotten On February 21, 2031 they asked you to delete everything you keep about them. Delete the contact to honour it: a record that it was done is kept, without their details. Delete Marie",
    );
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Delete Marie<\/button>/);
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[\s\S]*<h3 id="\1"/);
  });

  it("in Spanish and French too", () => {
    expect(
      text(render("es", "owner", <ContactForgetRequest contact={marie} onDelete={() => {}} />)),
    ).toContain("Eliminar a Marie");
    expect(
      text(render("fr", "owner", <ContactForgetRequest contact={marie} onDelete={() => {}} />)),
    ).toContain("Marie a demandé à être oublié");
  });

  it("a viewer sees the request but no button; a contact who did not ask shows nothing", () => {
    const html = render("en", "viewer", <ContactForgetRequest contact={marie} onDelete={() => {}} />);
    expect(text(html)).toContain("Marie asked to be forgotten");
    expect(html).not.toContain("<button");
    expect(
      render(
        "en",
        "owner",
        <ContactForgetRequest contact={{ name: "Paul", forgetRequestedAt: null }} onDelete={() => {}} />,
      ),
    ).toBe("");
  });
});

describe("the contact card's consent history", () => {
  it("is a closed disclosure named Consent history, read only when opened", () => {
    const html = render("en", "viewer", <ContactConsentHistory contact={{ id: "c1", name: "Marie" }} />);
    expect(html).toMatch(/^<details[^>]*data-testid="consent-history"/);
    expect(html).not.toMatch(/<details[^>]*\bopen\b/);
    expect(html).toMatch(/<summary[^>]*>.*Consent history<\/summary>/);
  });
});
