import type { WebhookEndpoint } from "@/db/schema";
import type { WebhookEventType } from "@/db/schema/enums";

/** An endpoint as the API and the settings page show it (never its secret). */
export interface WebhookEndpointDto {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  disabledAt: string | null;
  failingSince: string | null;
  /** A rotation's previous secret still signs until then. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
}

export function toWebhookEndpointDto(row: WebhookEndpoint, now = new Date()): WebhookEndpointDto {
  const grace =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.disabledAt === null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: grace?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
