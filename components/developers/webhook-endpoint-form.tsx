"use client";

import { useId, useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
  const errorText = useApiErrorText();
  const id = useId();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [pending, startTransition] = useTransition();

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await apiResult<WebhookEndpointDto & { secret: string }>(
        "POST",
        "/api/webhooks/endpoints",
        {
          url,
          description: description || null,
          events,
        },
      );
      if (result.ok) {
        toast.success(t("created"));
        onCreated(result.data);
      } else {
        toast.error(errorText(result));
      }
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4 rounded-md border p-4" data-testid="webhook-endpoint-form">
      <div className="space-y-2">
        <Label htmlFor={`${id}-url`}>{t("url")}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          required
          value={url}
          placeholder={t("urlPlaceholder")}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>{t("description")}</Label>
        <Input
          id={`${id}-description`}
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("events")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Checkbox checked={events.includes(type)} onCheckedChange={(on) => toggle(type, on === true)} />
              <span>{t(`eventNames.${eventKey(type)}`)}</span>
              <code className="text-muted-foreground text-xs">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || events.length === 0}>
          {pending ? t("creating") : t("create")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
