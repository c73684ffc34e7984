import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { TRAIL_KIND_GROUPS } from "@/config/activity-trail";
import { apiKeys, users, workspaceEvents } from "@/db/schema";
import type { WorkspaceEventKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { integerIdCursor, keysetSortKey } from "@/lib/db/keyset-cursor";
import { personNameSql } from "@/lib/users/person-name-sql";
import type { TrailFilter } from "@/lib/validations/trail";

/** Kinds whose subject is a person (a user id): the line names them as they are called today. */
const PERSON_SUBJECT_KINDS: WorkspaceEventKind[] = [
  "member.joined",
  "member.removed",
  "member.left",
  "member.role_changed",
  "workspace.ownership_transferred",
];

const subject = alias(users, "trail_subject");

/**
 * One page of a workspace's trail, newest first, `limit` rows from after `cursor` (the caller asks
 * one more to know whether another page follows). Served by workspace_events_workspace_created_idx
 * (workspace_id, created_at desc, id desc) in each month's partition: the person and kind filters
 * are checked on the rows the index walks, so a page reads about `limit` rows however long the
 * trail is (tests/integration/trail/trail-plan.test.ts).
 */
export function trailPageQuery(workspaceId: string, query: TrailFilter & { cursor?: string }, limit: number) {
  const where: (SQL | undefined)[] = [
    eq(workspaceEvents.workspaceId, workspaceId),
    query.actorId ? eq(workspaceEvents.actorId, query.actorId) : undefined,
    query.kind ? inArray(workspaceEvents.kind, [...TRAIL_KIND_GROUPS[query.kind]]) : undefined,
  ];
  if (query.cursor) {
    const [at, id] = integerIdCursor.decode(query.cursor);
    where.push(sql`(${workspaceEvents.createdAt}, ${workspaceEvents.id}) < (${at}::timestamptz, ${id})`);
  }
  return (
    db
      .select({
        id: workspaceEvents.id,
        createdAt: workspaceEvents.createdAt,
        kind: workspaceEvents.kind,
        actorId: workspaceEvents.actorId,
        actorName: workspaceEvents.actorName,
        apiKeyId: workspaceEvents.apiKeyId,
        apiKeyName: apiKeys.name,
        subjectId: workspaceEvents.subjectId,
        subjectName: personNameSql(subject),
        details: workspaceEvents.details,
        sortKey: keysetSortKey(workspaceEvents.createdAt),
      })
      .from(workspaceEvents)
      .leftJoin(
        subject,
        and(eq(subject.id, workspaceEvents.subjectId), inArray(workspaceEvents.kind, PERSON_SUBJECT_KINDS)),
      )
      .leftJoin(
        apiKeys,
        and(eq(apiKeys.id, workspaceEvents.apiKeyId), eq(apiKeys.workspaceId, workspaceEvents.workspaceId)),
      )
      .where(and(...where))
      // NULLS LAST as the index is built (drizzle's .desc()): plain DESC would match no index.
      .orderBy(sql`${workspaceEvents.createdAt} desc nulls last`, sql`${workspaceEvents.id} desc nulls last`)
      .limit(limit)
  );
}
