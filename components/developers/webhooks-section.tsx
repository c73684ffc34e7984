"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { WebhookEndpointDto } from "@/lib/webhooks/webhook-endpoint-dto";
import { WebhookEndpointCard } from "./webhook-endpoint-card";
import { WebhookEndpointForm } from "./webhook-endpoint-form";

/** Settings → Developers: the user's webhook endpoints and the form to add one. */
export function WebhooksSection({ initialEndpoints }: { initialEndpoints: WebhookEndpointDto[] }) {
  const t = useTranslations("webhooks");
  const [endpoints, setEndpoints] = useState(initialEndpoints);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);

  return (
    <Card data-testid="webhooks-section">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("intro")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {endpoints.length === 0 && !adding && <p className="text-muted-foreground text-sm">{t("empty")}</p>}
        {endpoints.map((endpoint) => (
          <WebhookEndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            initialSecret={created?.id === endpoint.id ? created.secret : undefined}
            onChange={(next) => setEndpoints((list) => list.map((e) => (e.id === next.id ? next : e)))}
            onDelete={() => setEndpoints((list) => list.filter((e) => e.id !== endpoint.id))}
          />
        ))}
        {adding ? (
          <WebhookEndpointForm
            onCancel={() => setAdding(false)}
            onCreated={({ secret, ...endpoint }) => {
              setEndpoints((list) => [...list, endpoint]);
              setCreated({ id: endpoint.id, secret });
              setAdding(false);
            }}
          />
        ) : (
          <Button type="button" onClick={() => setAdding(true)}>
            {t("add")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
