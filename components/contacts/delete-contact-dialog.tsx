"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import type { ContactView } from "@/lib/contacts/contact-view";
import { apiRequest } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

export interface DeleteContactDialogProps {
  contact: ContactView | null;
  onOpenChange(open: boolean): void;
  onDeleted(): void;
}

/** Asks for confirmation, then deletes the contact (and its reminders) on the server. */
export function DeleteContactDialog({ contact, onOpenChange, onDeleted }: DeleteContactDialogProps) {
  const t = useTranslations("contacts");
  const errorText = useApiErrorText();
  const [pending, setPending] = useState(false);

  const confirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (!contact) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `/api/contacts/${contact.id}`);
      toast.success(t("contactDeleted"));
      onOpenChange(false);
      onDeleted();
    } catch (error) {
      toast.error(t("error"), { description: errorText(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={contact !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("deleteConfirm")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("deleteDescription", { name: contact?.name ?? "" })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
          <AlertDialogAction
            onClick={confirm}
            disabled={pending}
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
          >
            {t("delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
