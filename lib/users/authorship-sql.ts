import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Authorship } from "./authorship";
import { personNameSql, type PersonColumns } from "./person-name-sql";

/**
 * A row's Authorship as one JSON value, from its created_by / updated_by and the users joined
 * to them (`creator`, `updater`: aliases of users, left-joined on those columns). A change is
 * shown only when someone other than the creator made it: updated_by equal to created_by (so
 * at creation) is the creator's own, and updated_by null is a row nobody has changed since it
 * was recorded (rows kept from before members existed) or a change by an account deleted since,
 * which reads as unchanged rather than as a stranger's.
 */
export function authorshipSql(
  row: { createdBy: AnyColumn; updatedBy: AnyColumn },
  creator: PersonColumns,
  updater: PersonColumns,
): SQL<Authorship> {
  return sql<Authorship>`json_build_object(
    'createdBy', case when ${row.createdBy} is null then null else ${personNameSql(creator)} end,
    'lastChangedBy', case when ${row.updatedBy} is not null and ${row.updatedBy} is distinct from ${row.createdBy}
      then ${personNameSql(updater)} end)`;
}
