"use client";

import { useId, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { SENDER_IDENTITIES, type SenderIdentity } from "@/db/schema/enums";
import { useTeamCall } from "./use-team-call";

const SENDER_WORDS = { workspace: "workspace.senderWorkspace", member: "workspace.senderMember" } as const;

/**
 * The workspace's name and whose name its messages carry ({sender}): a form for owners and
 * admins (manage_settings), the same facts as text for everyone else.
 */
export function WorkspaceSettings({
  name,
  senderIdentity,
  canEdit,
}: {
  name: string;
  senderIdentity: SenderIdentity;
  canEdit: boolean;
}) {
  const t = useTranslations("team");
  const nameId = useId();
  const senderId = useId();
  const [values, setValues] = useState({ name, senderIdentity });
  const controls = useMemo(() => ({ name: nameId, senderIdentity: senderId }), [nameId, senderId]);
  const fieldErrors = useFieldErrors(controls);
  const { pending, call } = useTeamCall();

  if (!canEdit)
    return (
      <div className="space-y-3 text-sm">
        <dl className="grid gap-3 sm:grid-cols-[14rem_1fr]">
          <dt className="text-muted-foreground">{t("workspace.name")}</dt>
          <dd className="font-medium break-words" data-testid="workspace-name">
            {name}
          </dd>
          <dt className="text-muted-foreground">{t("workspace.senderIdentity")}</dt>
          <dd>{t(SENDER_WORDS[senderIdentity])}</dd>
        </dl>
        <p className="text-muted-foreground">{t("refused.manage_settings")}</p>
      </div>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = values.name.trim();
    if (!trimmed) {
      fieldErrors.setAll({ [nameId]: t("workspace.nameRequired") });
      return;
    }
    fieldErrors.clear();
    call(
      {
        method: "PATCH",
        url: "/api/workspace",
        body: { name: trimmed, senderIdentity: values.senderIdentity },
      },
      { done: t("workspace.saved"), failed: t("workspace.saveFailed") },
      { onRefused: (failure) => fieldErrors.show(failure) },
    );
  };

  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <form onSubmit={submit} noValidate className="space-y-5" data-testid="workspace-form">
        <div className="space-y-2">
          <Label htmlFor={nameId}>{t("workspace.name")}</Label>
          <Input
            id={nameId}
            value={values.name}
            maxLength={100}
            required
            {...fieldAria(fieldErrors.errors, nameId)}
            onChange={(event) => {
              fieldErrors.clear(nameId);
              setValues((current) => ({ ...current, name: event.target.value }));
            }}
          />
          <FieldError htmlFor={nameId} />
        </div>
        <div className="space-y-2">
          <p id={`${senderId}-label`} className="text-sm font-medium">
            {t("workspace.senderIdentity")}
          </p>
          <RadioGroup
            id={senderId}
            aria-labelledby={`${senderId}-label`}
            value={values.senderIdentity}
            onValueChange={(value) =>
              setValues((current) => ({ ...current, senderIdentity: value as SenderIdentity }))
            }
          >
            {SENDER_IDENTITIES.map((option) => (
              <div key={option} className="flex items-start gap-3">
                <RadioGroupItem id={`${senderId}-${option}`} value={option} className="mt-0.5" />
                <Label htmlFor={`${senderId}-${option}`} className="leading-snug font-normal">
                  {t(SENDER_WORDS[option])}
                </Label>
              </div>
            ))}
          </RadioGroup>
          <FieldError htmlFor={senderId} />
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? t("workspace.saving") : t("workspace.save")}
        </Button>
      </form>
    </FieldErrorsContext>
  );
}
