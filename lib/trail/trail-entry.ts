import type { WorkspaceEventKind } from "@/db/schema/enums";

/** One recorded line of a workspace's activity trail, as read from workspace_events. */
export interface TrailEvent {
  id: number;
  /** When it happened (ISO 8601, UTC). */
  at: string;
  kind: WorkspaceEventKind;
  /** Who acted (a user id); null when nobody did in person or the account is gone. */
  actorId: string | null;
  /** The actor's name when it happened; null when nobody acted in person (a payment event). */
  actorName: string | null;
  /** The person acted through an API key: its name, or "" when the key is gone. Null: not through a key. */
  apiKey: string | null;
  subjectId: string | null;
  /** A member acted on (role changed, removed...): their name today, else null (details keep the e-mail). */
  subjectName: string | null;
  /** What the line shows of its subject as it was then (names, roles, counts). */
  details: Record<string, string | number | boolean | null>;
}

/** A trail line as GET /api/team/activity answers it: the event and its words in the reader's language. */
export interface TrailEntry extends TrailEvent {
  text: string;
}
