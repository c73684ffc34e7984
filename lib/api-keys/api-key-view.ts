import "server-only";
import { apiKeys } from "@/db/schema";

/** What the key list shows: never the hash. */
export const apiKeyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scope: apiKeys.scope,
  prefix: apiKeys.prefix,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdAt: apiKeys.createdAt,
};

export interface ApiKeyView {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}
