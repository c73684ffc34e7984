import { sql } from "drizzle-orm";
import { db } from "@/lib/db";

// Tables whose content a refused request must leave untouched (rate-limit counters, session
// expiry and an API key's last use are bookkeeping, not the workspace's data).
const USER_DATA_TABLES = [
  "users",
  "workspaces",
  "workspace_members",
  "workspace_invitations",
  "workspace_events",
  "api_keys",
  "webhook_endpoints",
  "message_templates",
  "media",
  "contacts",
  "consent_records",
  "consent_requests",
  "contact_groups",
  "contact_group_members",
  "deleted_contacts",
  "reminders",
  "deliveries",
  "credit_ledger",
  "stripe_events",
  "stored_objects",
] as const;

/** A fingerprint of every row of the user-data tables, to prove a request changed nothing. */
export async function snapshotDatabase(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of USER_DATA_TABLES) {
    const row = table === "api_keys" ? "(to_jsonb(t) - 'last_used_at')::text" : "t::text";
    const result = await db.execute<{ digest: string | null; rows: number }>(
      sql.raw(`select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest, count(*)::int as rows
               from ${table} t`),
    );
    out[table] = `${result.rows[0]?.rows}:${result.rows[0]?.digest}`;
  }
  return out;
}
