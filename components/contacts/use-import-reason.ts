"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import {
  CSV_NO_EMAIL_OR_PHONE,
  CSV_NO_NAME,
  CSV_TOO_SHORT,
  ROW_TOO_SHORT,
} from "@/lib/contacts/parse-contacts-csv";
import { VCARD_EMPTY } from "@/lib/contacts/parse-vcard";
import { useContactMessage } from "./use-contact-message";

const CSV_KEYS = {
  [CSV_TOO_SHORT]: "csvTooShort",
  [CSV_NO_NAME]: "noNameColumn",
  [CSV_NO_EMAIL_OR_PHONE]: "noEmailOrPhoneColumn",
  [ROW_TOO_SHORT]: "rowTooShort",
  [VCARD_EMPTY]: "vcardEmpty",
} as const;

/** An import failure reason in the user's language. */
export function useImportReason() {
  const t = useTranslations("contactImport.reasons");
  const contactMessage = useContactMessage();
  return useCallback(
    (reason: string) => {
      const key = CSV_KEYS[reason as keyof typeof CSV_KEYS];
      return key ? t(key) : contactMessage(reason);
    },
    [t, contactMessage],
  );
}
