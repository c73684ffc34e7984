"use client";

import { useId, useState, useTransition } from "react";
import { useFormatter, useTranslations } from "next-intl";
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
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { copyText } from "@/components/ui/copy-text";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { WebhookEndpointDto } from "@/lib/webhooks/webhook-endpoint-dto";
import { eventKey } from "./webhook-event-key";
import { WebhookLog } from "./webhook-log";

/** One endpoint: its events, secret (reveal, copy, rotate), on/off, delete, test event and log. */
export function WebhookEndpointCard({
  endpoint,
  initialSecret,
  onChange,
  onDelete,
}: {
  endpoint: WebhookEndpointDto;
  /** Just created: the secret is shown at once. */
  initialSecret?: string;
  onChange: (endpoint: WebhookEndpointDto) => void;
  onDelete: () => void;
}) {
  const t = useTranslations("webhooks");
  const secretId = useId();
  const format = useFormatter();
  const errorText = useApiErrorText();
  const [secret, setSecret] = useState<string | null>(initialSecret ?? null);
  const [showLog, setShowLog] = useState(Boolean(initialSecret));
  const [logKey, setLogKey] = useState(0);
  const [pending, startTransition] = useTransition();
  const base = `/api/webhooks/endpoints/${endpoint.id}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const run = (action: () => Promise<void>) => startTransition(action);

  const reveal = () =>
    run(async () => {
      const result = await apiResult<{ secret: string }>("GET", `${base}/secret`);
      if (result.ok) setSecret(result.data.secret);
      else toast.error(errorText(result));
    });

  const copy = () =>
    secret ? copyText(secret, secretId, { copied: t("copied"), failed: t("copyFailed") }) : undefined;

  const rotate = () =>
    run(async () => {
      const result = await apiResult<WebhookEndpointDto & { secret: string }>("POST", `${base}/rotate`);
      if (!result.ok) return void toast.error(errorText(result));
      setSecret(result.data.secret);
      onChange(result.data);
      if (result.data.previousSecretExpiresAt)
        toast.success(t("rotated", { time: when(result.data.previousSecretExpiresAt) }));
    });

  const setEnabled = (enabled: boolean) =>
    run(async () => {
      const result = await apiResult<WebhookEndpointDto>("PATCH", base, { enabled });
      if (result.ok) onChange(result.data);
      else toast.error(errorText(result));
    });

  const remove = () =>
    run(async () => {
      const result = await apiResult("DELETE", base);
      if (result.ok) onDelete();
      else toast.error(errorText(result));
    });

  const sendTest = () =>
    run(async () => {
      const result = await apiResult("POST", `${base}/test`);
      if (!result.ok) return void toast.error(errorText(result));
      toast.success(t("testQueued"));
      setShowLog(true);
      // The dispatcher sends it within moments: look again shortly.
      setLogKey((k) => k + 1);
      setTimeout(() => setLogKey((k) => k + 1), 1_500);
    });

  return (
    <div className="space-y-3 rounded-md border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <div className="font-mono text-sm break-all">{endpoint.url}</div>
          {endpoint.description && (
            <div className="text-muted-foreground text-sm">{endpoint.description}</div>
          )}
          <div className="flex flex-wrap gap-1">
            <Badge variant={endpoint.enabled ? "secondary" : "destructive"}>
              {endpoint.enabled ? t("enabled") : t("disabled")}
            </Badge>
            {endpoint.failingSince && endpoint.enabled && (
              <Badge variant="outline">{t("failingSince", { time: when(endpoint.failingSince) })}</Badge>
            )}
            {endpoint.events.map((type) => (
              <Badge key={type} variant="outline">
                {t(`eventNames.${eventKey(type)}`)}
              </Badge>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={sendTest} disabled={pending || !endpoint.enabled}>
            {t("sendTest")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setEnabled(!endpoint.enabled)}
            disabled={pending}
          >
            {endpoint.enabled ? t("disable") : t("enable")}
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button type="button" size="sm" variant="ghost" disabled={pending}>
                {t("delete")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("delete")}</AlertDialogTitle>
                <AlertDialogDescription>{t("deleteConfirm")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction onClick={remove}>{t("delete")}</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>
      <div className="space-y-1">
        <div className="text-sm font-medium">{t("secret")}</div>
        <div className="flex flex-wrap items-center gap-2">
          <code
            id={secretId}
            className="bg-muted rounded px-2 py-1 text-xs break-all"
            data-testid="webhook-secret"
          >
            {secret ?? "whsec_••••••••••••••••"}
          </code>
          {secret ? (
            <>
              <Button type="button" size="sm" variant="outline" onClick={copy}>
                {t("copy")}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setSecret(null)}>
                {t("hide")}
              </Button>
            </>
          ) : (
            <Button type="button" size="sm" variant="outline" onClick={reveal} disabled={pending}>
              {t("reveal")}
            </Button>
          )}
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button type="button" size="sm" variant="ghost" disabled={pending}>
                {t("rotate")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("rotate")}</AlertDialogTitle>
                <AlertDialogDescription>{t("rotateConfirm")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction onClick={rotate}>{t("rotate")}</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>
      <Button type="button" size="sm" variant="link" className="px-0" onClick={() => setShowLog((s) => !s)}>
        {showLog ? t("hideLog") : t("showLog")}
      </Button>
      {showLog && <WebhookLog endpointId={endpoint.id} refreshKey={logKey} />}
    </div>
  );
}
