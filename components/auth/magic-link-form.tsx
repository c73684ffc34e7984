"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { requestMagicLink, type MagicLinkState } from "@/lib/actions/request-magic-link";

export function MagicLinkForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const [state, action, pending] = useActionState<MagicLinkState, FormData>(requestMagicLink, {});
  return (
    <form action={action} className="space-y-4" noValidate>
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <div className="space-y-2">
        <Label htmlFor="email">{t("emailLabel")}</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder={t("emailPlaceholder")}
          aria-invalid={state.error === "invalidEmail" ? true : undefined}
          aria-describedby={state.error ? "email-error" : undefined}
        />
        {state.error ? (
          <p id="email-error" role="alert" className="text-sm text-destructive">
            {t(state.error)}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("sending") : t("sendLink")}
      </Button>
    </form>
  );
}
