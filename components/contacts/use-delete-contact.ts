"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { undoToast } from "@/components/ui/undo-toast";
import type { ContactView } from "@/lib/contacts/contact-view";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/**
 * Deletes a contact at once (no confirmation: the toast's Undo brings it back with its reminders
 * and history for a few seconds, after which the server makes the deletion final).
 */
export function useDeleteContact(onChanged: () => void) {
  const t = useTranslations("contacts");
  const tc = useTranslations("common");
  const errorText = useApiErrorText();

  async function restore(contact: ContactView) {
    const result = await apiResult("POST", `/api/contacts/${contact.id}/restore`);
    if (!result.ok) return void toast.error(t("error"), { description: errorText(result) });
    toast.success(t("contactRestored", { name: contact.name }));
    onChanged();
  }

  return async function deleteContact(contact: ContactView) {
    const result = await apiResult("DELETE", `/api/contacts/${contact.id}`);
    if (!result.ok) return void toast.error(t("error"), { description: errorText(result) });
    undoToast(t("contactDeleted"), {
      description: t("contactDeletedUndo", { name: contact.name }),
      undoLabel: tc("undo"),
      onUndo: () => void restore(contact),
    });
    onChanged();
  };
}
