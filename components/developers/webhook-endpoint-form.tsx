"use client";

import { useId, useMemo, useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { WebhookEndpointDto } from "@/lib/webhooks/webhook-endpoint-dto";
import { eventKey } from "./webhook-event-key";

/** "Add endpoint": URL, description and events; on success the new endpoint with its secret. */
export function WebhookEndpointForm({
  onCreated,
  onCancel,
}: {
  onCreated: (endpoint: WebhookEndpointDto & { secret: string }) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("webhooks");
  const tErrors = useTranslations("errors");
  const errorText = useApiErrorText();
  const id = useId();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [pending, startTransition] = useTransition();
  // The request's fields the form has a control for; the events' control is the first box.
  const controls = useMemo(
    () => ({ url: `${id}-url`, description: `${id}-description`, events: `${id}-events` }),
    [id],
  );
  const fieldErrors = useFieldErrors(controls);
  const errors = fieldErrors.errors;

  const toggle = (type: WebhookEventType, on: boolean) => {
    fieldErrors.clear(controls.events);
    setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      fieldErrors.set(controls.events, tErrors("webhook_events_required"));
      return;
    }
    fieldErrors.clear();
    startTransition(async () => {
      const result = await apiResult<WebhookEndpointDto & { secret: string }>(
        "POST",
        "/api/webhooks/endpoints",
        {
          url,
          description: description || null,
          events,
        },
      ).catch((error: unknown) => {
        // A network failure is an outcome: a toast.
        toast.error(errorText(error));
        return null;
      });
      if (!result) return;
      if (result.ok) {
        toast.success(t("created"));
        onCreated(result.data);
      } else if (!fieldErrors.show(result)) {
        // A refusal of no field (the endpoint limit) shows beside the buttons.
        fieldErrors.setFormError(errorText(result));
      }
    });
  };

  return (
    <FieldErrorsContext value={errors}>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 rounded-md border p-4"
        data-testid="webhook-endpoint-form"
      >
        <div className="space-y-2">
          <Label htmlFor={`${id}-url`}>{t("url")}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            required
            value={url}
            placeholder={t("urlPlaceholder")}
            {...fieldAria(errors, controls.url)}
            onChange={(e) => {
              fieldErrors.clear(controls.url);
              setUrl(e.target.value);
            }}
          />
          <FieldError htmlFor={controls.url} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-description`}>{t("description")}</Label>
          <Input
            id={`${id}-description`}
            maxLength={200}
            value={description}
            {...fieldAria(errors, controls.description)}
            onChange={(e) => {
              fieldErrors.clear(controls.description);
              setDescription(e.target.value);
            }}
          />
          <FieldError htmlFor={controls.description} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("events")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type, index) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <Checkbox
                  {...(index === 0 ? { id: controls.events, ...fieldAria(errors, controls.events) } : {})}
                  checked={events.includes(type)}
                  onCheckedChange={(on) => toggle(type, on === true)}
                />
                <span>{t(`eventNames.${eventKey(type)}`)}</span>
                <code className="text-muted-foreground text-xs">{type}</code>
              </label>
            ))}
          </div>
          <FieldError htmlFor={controls.events} />
        </fieldset>
        <FormError text={fieldErrors.formError} />
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? t("creating") : t("create")}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    </FieldErrorsContext>
  );
}
