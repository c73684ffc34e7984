import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";

/** The delivery log's strings outside React (the alert e-mail), in a user's language. */
export function deliveryLogTranslator(locale: string | null | undefined) {
  const catalogue = catalogueFor(locale);
  return { locale: catalogue.locale, t: createTranslator({ ...catalogue, namespace: "deliveryLog" }) };
}
