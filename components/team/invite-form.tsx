"use client";

import { useId, useMemo, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { INVITABLE_ROLES, type InvitableRole } from "@/db/schema/enums";
import { useTeamCall } from "./use-team-call";

/**
 * Settings → Team's invitation: an address and a role, each role with what it may do. A refusal
 * of the address shows under it; one of the whole invitation (every seat taken) beside the
 * button, with the way to add a seat for the one who may (the owner).
 */
export function InviteForm({ seatsFull, canAddSeats }: { seatsFull: boolean; canAddSeats: boolean }) {
  const t = useTranslations("team");
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [seatRefused, setSeatRefused] = useState(false);
  const controls = useMemo(() => ({ email: emailId, role: roleId }), [emailId, roleId]);
  const fieldErrors = useFieldErrors(controls);
  const { pending, call, errorText } = useTeamCall();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    setSeatRefused(false);
    const to = email.trim();
    call(
      { method: "POST", url: "/api/team/invitations", body: { email: to, role } },
      { done: t("invite.sent", { email: to }), failed: t("invite.failed") },
      {
        onRefused: (failure) => {
          if (fieldErrors.show(failure)) return true;
          if (failure.status >= 500) return false;
          fieldErrors.setFormError(errorText(failure));
          setSeatRefused(failure.code === "seat_limit");
          return true;
        },
        onDone: () => setEmail(""),
      },
    );
  };

  const billingHint = canAddSeats ? (
    <Link href="/billing" className="font-medium text-primary underline underline-offset-4">
      {t("seats.addSeat")}
    </Link>
  ) : (
    <span>{t("refused.manage_billing")}</span>
  );

  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <form onSubmit={submit} noValidate className="space-y-5" data-testid="invite-form">
        <div className="space-y-2">
          <Label htmlFor={emailId}>{t("invite.email")}</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="off"
            maxLength={320}
            required
            placeholder={t("invite.emailPlaceholder")}
            value={email}
            {...fieldAria(fieldErrors.errors, emailId)}
            onChange={(event) => {
              fieldErrors.clear(emailId);
              setEmail(event.target.value);
            }}
          />
          <FieldError htmlFor={emailId} />
        </div>
        <div className="space-y-2">
          <p id={`${roleId}-label`} className="text-sm font-medium">
            {t("invite.role")}
          </p>
          <RadioGroup
            id={roleId}
            aria-labelledby={`${roleId}-label`}
            value={role}
            onValueChange={(value) => setRole(value as InvitableRole)}
            {...fieldAria(fieldErrors.errors, roleId)}
          >
            {INVITABLE_ROLES.map((option) => (
              <div key={option} className="flex items-start gap-3">
                <RadioGroupItem
                  id={`${roleId}-${option}`}
                  value={option}
                  aria-describedby={`${roleId}-${option}-hint`}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`${roleId}-${option}`}>{t(`roles.${option}`)}</Label>
                  <p id={`${roleId}-${option}-hint`} className="text-sm text-muted-foreground">
                    {t(`roleDescriptions.${option}`)}
                  </p>
                </div>
              </div>
            ))}
          </RadioGroup>
          <FieldError htmlFor={roleId} />
        </div>
        {seatsFull && !seatRefused ? (
          <p className="text-sm text-muted-foreground" data-testid="seats-full">
            {t("seats.full")} {billingHint}
          </p>
        ) : null}
        <div className="space-y-2">
          <FormError text={fieldErrors.formError} />
          {seatRefused ? <p className="text-sm">{billingHint}</p> : null}
        </div>
        <Button type="submit" disabled={pending || email.trim() === ""}>
          {pending ? t("invite.sending") : t("invite.send")}
        </Button>
      </form>
    </FieldErrorsContext>
  );
}
