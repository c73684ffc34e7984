"use client";

import { useActionState, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { requestMagicLink, type MagicLinkState } from "@/lib/actions/request-magic-link";

const EMAIL_CONTROL = "email";

export function MagicLinkForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const [state, action, pending] = useActionState<MagicLinkState, FormData>(requestMagicLink, {});
  // Controlled, so a refused address stays in the field to be corrected.
  const [email, setEmail] = useState("");
  const [editedSince, setEditedSince] = useState<MagicLinkState | null>(null);
  const shown = editedSince === state ? {} : state;
  const errors = shown.error === "invalidEmail" ? { [EMAIL_CONTROL]: t("invalidEmail") } : {};
  const formError = shown.error && shown.error !== "invalidEmail" ? t(shown.error) : null;

  // A refused address takes the focus, so its error is the next thing heard.
  useEffect(() => {
    if (state.error === "invalidEmail") document.getElementById(EMAIL_CONTROL)?.focus();
  }, [state]);

  return (
    <form action={action} className="space-y-4" noValidate>
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <div className="space-y-2">
        <Label htmlFor={EMAIL_CONTROL}>{t("emailLabel")}</Label>
        <Input
          id={EMAIL_CONTROL}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder={t("emailPlaceholder")}
          value={email}
          onChange={(event) => {
            setEditedSince(state);
            setEmail(event.target.value);
          }}
          {...fieldAria(errors, EMAIL_CONTROL)}
        />
        <FieldError htmlFor={EMAIL_CONTROL} text={errors[EMAIL_CONTROL]} />
      </div>
      <FormError text={formError} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("sending") : t("sendLink")}
      </Button>
    </form>
  );
}
