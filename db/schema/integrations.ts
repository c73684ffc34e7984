import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import { API_KEY_SCOPES, WEBHOOK_MESSAGE_STATUSES } from "./enums";
import { users } from "./auth";
import { workspaces } from "./workspaces";

/**
 * API keys: shown once, kept only as a SHA-256 hash (a key is 32 random bytes, so a fast hash
 * cannot be brute-forced). `prefix` is the key's visible start, to tell keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /**
     * The member who created the key: it acts with their role at most, and stops working once
     * they leave the workspace (null: their account is gone).
     */
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    name: varchar({ length: 100 }).notNull(),
    scope: text().notNull(),
    prefix: varchar({ length: 32 }).notNull(),
    hash: text().notNull().unique(),
    lastUsedAt: instant(),
    revokedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    index("api_keys_workspace_idx").on(t.workspaceId, t.createdAt.desc()),
    check("api_keys_scope_check", oneOf(t.scope, API_KEY_SCOPES)),
  ],
);

/**
 * A POST's Idempotency-Key, per API key: the request's fingerprint and, once answered, the answer
 * replayed for the same key and body for 24 hours.
 */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    key: varchar({ length: 255 }).notNull(),
    /** SHA-256 of method, path and body. */
    fingerprint: text().notNull(),
    /** null while the first request is still running. */
    responseStatus: smallint(),
    responseBody: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("idempotency_records_key_idx").on(t.apiKeyId, t.key),
    index("idempotency_records_created_idx").on(t.createdAt),
  ],
);

/** Where a user's events are POSTed, signed per Standard Webhooks with `secret` (whsec_...). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: varchar({ length: 200 }),
    events: text().array().notNull(),
    secret: text().notNull(),
    /** After a rotation: the old secret also signs until this time. */
    previousSecret: text(),
    previousSecretExpiresAt: instant(),
    /** Since when every attempt has failed (null while it works); days of it disable the endpoint. */
    failingSince: instant(),
    disabledAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId)],
);
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint. `messageId` is the `webhook-id` header, the same on every retry.
 * Rows are written in the transaction of what they report (outbox), then sent by the job runner.
 * Partitioned by month of `created_at`; kept past the retry window (WEBHOOK_RETENTION_DAYS).
 */
export const webhookMessages = pgTable(
  "webhook_messages",
  {
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The `webhook-id`: random (msg_ and 16 bytes), so unique with the month it was made in. */
    messageId: text().notNull(),
    eventType: text().notNull(),
    payload: jsonb().notNull(),
    occurredAt: instant().notNull(),
    status: text().notNull().default("pending"),
    attemptCount: integer().notNull().default(0),
    nextAttemptAt: instant(),
    lastAttemptAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "webhook_messages_pkey", columns: [t.id, t.createdAt] }),
    uniqueIndex("webhook_messages_message_id_key").on(t.messageId, t.createdAt),
    index("webhook_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_messages_endpoint_idx").on(t.endpointId, t.createdAt.desc()),
    check("webhook_messages_status_check", oneOf(t.status, WEBHOOK_MESSAGE_STATUSES)),
  ],
);

/**
 * Each try of a webhook message: what came back, how fast, the start of the body. Partitioned
 * by its message's month, so both drop together.
 */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    webhookMessageId: bigint({ mode: "number" }).notNull(),
    /** The message's `created_at`: its partition key. */
    messageCreatedAt: instant().notNull(),
    attemptedAt: instant().notNull(),
    responseStatus: smallint(),
    durationMs: integer().notNull(),
    responseExcerpt: varchar({ length: 1000 }),
    /** Timeout, refused address, connection error: why there was no status. */
    error: text(),
  },
  (t) => [
    primaryKey({ name: "webhook_attempts_pkey", columns: [t.id, t.messageCreatedAt] }),
    foreignKey({
      name: "webhook_attempts_message_fk",
      columns: [t.webhookMessageId, t.messageCreatedAt],
      foreignColumns: [webhookMessages.id, webhookMessages.createdAt],
    }).onDelete("cascade"),
    index("webhook_attempts_message_idx").on(t.webhookMessageId, t.attemptedAt.desc()),
  ],
);
