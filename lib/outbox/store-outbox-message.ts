import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { outboxMessages } from "@/db/schema";
import type { OutboxChannel } from "@/db/schema/enums";
import { outboxEnabled } from "./outbox-enabled";

export interface OutboxMessageInput {
  channel: OutboxChannel;
  to: string;
  from?: string;
  subject?: string;
  text: string;
  html?: string;
  /** Kept as JSON: a call's keypad keeps the keys it offers as a list. */
  headers?: Record<string, string | readonly string[]>;
  /** The workspace whose reminder or notice this is; none for what belongs to no workspace (a sign-in link). */
  workspaceId?: string | null;
}

/** Keeps a message in the dev outbox instead of sending it (no credentials for its channel). */
export async function storeOutboxMessage(
  message: OutboxMessageInput,
  tx: DbOrTx = db,
): Promise<{ id: number }> {
  // Production never keeps a message it claims to have sent.
  if (!outboxEnabled()) throw new Error("The dev outbox is disabled in production");
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      to: message.to,
      from: message.from,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      workspaceId: message.workspaceId ?? null,
    })
    .returning({ id: outboxMessages.id });
  return row;
}
