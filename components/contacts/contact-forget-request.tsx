"use client";

import { useId } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { UserX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import type { ContactView } from "@/lib/contacts/contact-view";

/**
 * A contact who asked to be forgotten, at the top of their card: when they asked, and for a role
 * that may write, one click to delete them (the usual delete, with its Undo for a few seconds).
 */
export function ContactForgetRequest({
  contact,
  onDelete,
}: {
  contact: Pick<ContactView, "name" | "forgetRequestedAt">;
  onDelete(): void;
}) {
  const t = useTranslations("contactConsent");
  const format = useFormatter();
  const canWrite = useCan("write");
  const titleId = useId();
  if (!contact.forgetRequestedAt) return null;
  const date = format.dateTime(new Date(contact.forgetRequestedAt), { dateStyle: "long" });
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-md border border-destructive/60 bg-destructive/5 p-3 text-sm"
      data-testid="forget-request"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-destructive">
        <UserX className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{t("forgetTitle", { name: contact.name })}</span>
      </h3>
      <p>{t("forgetBody", { date })}</p>
      {canWrite ? (
        <Button
          type="button"
          variant="destructive"
          size="sm"
          className="justify-self-start"
          onClick={onDelete}
        >
          {t("forgetDelete", { name: contact.name })}
        </Button>
      ) : null}
    </section>
  );
}
