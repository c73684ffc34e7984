import "server-only";
import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";

/**
 * The preferences page's words in `locale`, on the server: the sentences a consent record keeps
 * are these, made with the same keys and values as the page shows them.
 */
export function preferencesWords(locale: string) {
  return createTranslator({ ...catalogueFor(locale), namespace: "preferencesPage" });
}

/** What the page sends on the contact's behalf: the text asking to confirm calls, the sender's e-mail. */
export function noticeWords(locale: string) {
  return createTranslator({ ...catalogueFor(locale), namespace: "consentNotices" });
}
