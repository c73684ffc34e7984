import "server-only";
import { findOwnEndpoint } from "./find-own-endpoint";

/** The endpoint's signing secret, for its owner (the settings page's "Reveal"). */
export async function revealWebhookSecret(workspaceId: string, id: string): Promise<{ secret: string }> {
  const endpoint = await findOwnEndpoint(workspaceId, id);
  return { secret: endpoint.secret };
}
