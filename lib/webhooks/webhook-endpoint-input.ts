import type { WebhookEventType } from "@/db/schema/enums";

/** What a user sets on an endpoint (lib/validations/webhook-endpoint.ts checks its shape). */
export interface WebhookEndpointInput {
  url: string;
  description?: string | null;
  events: WebhookEventType[];
}

/** A change to an endpoint; `enabled: true` turns a disabled one back on. */
export type WebhookEndpointPatch = Partial<WebhookEndpointInput> & { enabled?: boolean };

export const WEBHOOK_ENDPOINT_NOT_FOUND = {
  code: "webhook_endpoint_not_found",
  message: "Webhook endpoint not found",
} as const;

/** Endpoints per user. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;
