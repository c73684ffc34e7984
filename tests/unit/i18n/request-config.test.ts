import { describe, expect, it } from "vitest";
import { requestConfig } from "@/i18n/request";
import fr from "@/messages/fr.json";

// A recipient's page asks for its words in the recipient's language (getTranslations({ locale })):
// next-intl hands that locale to the request configuration, which must use it rather than the
// visitor's cookie or Accept-Language (read only when no locale is given).
describe("the request configuration", () => {
  it("uses an explicit locale as given", async () => {
    const config = await requestConfig("fr");
    expect(config.locale).toBe("fr");
    expect(config.messages).toEqual(fr);
  });
});
