"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/api-client/request";
import { contactMessageKey } from "@/lib/contacts/message-key";

/** Shows a validation or server message in the user's language when it is a known one. */
export function useContactMessage() {
  const t = useTranslations("contactForm.errors");
  return useCallback(
    (value: unknown): string => {
      const text = errorMessage(value);
      const key = contactMessageKey(text) as Parameters<typeof t>[0] | null;
      return key && t.has(key) ? t(key) : text;
    },
    [t],
  );
}
