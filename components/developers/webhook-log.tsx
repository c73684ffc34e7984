"use client";

import { useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { WebhookMessageDto } from "@/lib/webhooks/list-webhook-messages";
import { eventKey } from "./webhook-event-key";

const STATUS_VARIANT = { pending: "secondary", delivered: "outline", failed: "destructive" } as const;

/** An endpoint's log: its latest messages with their last response, and "Send again". */
export function WebhookLog({ endpointId, refreshKey }: { endpointId: string; refreshKey: number }) {
  const t = useTranslations("webhooks");
  const format = useFormatter();
  const errorText = useApiErrorText();
  const [messages, setMessages] = useState<WebhookMessageDto[] | null>(null);

  const [loads, setLoads] = useState(0);
  const reload = () => setLoads((n) => n + 1);

  useEffect(() => {
    let live = true;
    void apiResult<WebhookMessageDto[]>("GET", `/api/webhooks/endpoints/${endpointId}/messages`).then(
      (result) => {
        if (!live) return;
        if (result.ok) setMessages(result.data);
        else toast.error(errorText(result));
      },
    );
    return () => {
      live = false;
    };
  }, [endpointId, errorText, refreshKey, loads]);

  const resend = async (message: WebhookMessageDto) => {
    const result = await apiResult(
      "POST",
      `/api/webhooks/endpoints/${endpointId}/messages/${message.id}/resend`,
    );
    if (result.ok) {
      toast.success(t("resent"));
      reload();
    } else {
      toast.error(errorText(result));
    }
  };

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "medium" });

  return (
    <div className="space-y-2" data-testid="webhook-log">
      <div className="flex items-center justify-between">
        <h4 className="text-sm font-medium">{t("log")}</h4>
        <Button type="button" size="sm" variant="ghost" onClick={reload}>
          {t("refresh")}
        </Button>
      </div>
      {messages && messages.length === 0 && <p className="text-muted-foreground text-sm">{t("logEmpty")}</p>}
      {messages && messages.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-normal">{t("time")}</th>
                <th className="py-1 pr-3 font-normal">{t("event")}</th>
                <th className="py-1 pr-3 font-normal">{t("status")}</th>
                <th className="py-1 pr-3 font-normal">{t("attempts")}</th>
                <th className="py-1 pr-3 font-normal">{t("response")}</th>
                <th className="py-1" />
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => {
                const last = message.attempts[0];
                return (
                  <tr key={message.id} className="border-t align-top" data-testid="webhook-log-row">
                    <td className="py-2 pr-3 whitespace-nowrap">{when(message.occurredAt)}</td>
                    <td className="py-2 pr-3">
                      {t(`eventNames.${eventKey(message.eventType)}`)}
                      <div className="text-muted-foreground font-mono text-xs">{message.messageId}</div>
                    </td>
                    <td className="py-2 pr-3">
                      <Badge variant={STATUS_VARIANT[message.status]}>
                        {t(`messageStatus.${message.status}`)}
                      </Badge>
                      {message.nextAttemptAt && (
                        <div className="text-muted-foreground text-xs">
                          {t("nextAttempt", { time: when(message.nextAttemptAt) })}
                        </div>
                      )}
                    </td>
                    <td className="py-2 pr-3">{message.attemptCount}</td>
                    <td className="py-2 pr-3">
                      {last ? (
                        <>
                          <div>
                            {t("attemptLine", {
                              status: last.responseStatus ?? last.error ?? t("noResponse"),
                              ms: last.durationMs,
                            })}
                          </div>
                          {last.responseExcerpt && (
                            <pre className="text-muted-foreground max-w-xs truncate text-xs">
                              {last.responseExcerpt}
                            </pre>
                          )}
                        </>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </td>
                    <td className="py-2">
                      {message.status !== "pending" && (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => void resend(message)}
                        >
                          {t("sendAgain")}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
