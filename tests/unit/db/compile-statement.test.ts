import { describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries } from "@/db/schema";
import { columnName, compileStatement, selectList, type Queryable } from "@/lib/db/compile-statement";

const d = alias(deliveries, "d");
const c = alias(contacts, "c");

describe("compileStatement", () => {
  it("writes schema columns by their database names, aliased tables by their alias", () => {
    const statement = compileStatement<{ id: number }, { consent: Date | null }>(
      (p) => sql`select ${c.whatsappConsentAt} as consent from ${contacts} ${c}
        join ${deliveries} ${d} on ${d.contactId} = ${c.id} where ${d.id} = ${p.id}`,
    );
    expect(statement.text).toBe(`select "c"."whatsapp_consent_at" as consent from "contacts" "c"
        join "deliveries" "d" on "d"."contact_id" = "c"."id" where "d"."id" = $1`);
  });

  it("gives a parameter used twice one number, in the order the template reads them", async () => {
    const statement = compileStatement<{ ids: number[]; now: Date; workerId: string }>(
      ({ ids, workerId, now }) => sql`update ${deliveries} ${d} set ${columnName(d.updatedAt)} = ${now}
        from unnest(${ids}::bigint[]) as v(id) where ${d.id} = v.id and ${d.id} = any(${ids}::bigint[])
          and ${d.workerId} = ${workerId}`,
    );
    expect(statement.text).toContain(`set "updated_at" = $3`);
    expect(statement.text).toContain(`unnest($1::bigint[])`);
    expect(statement.text).toContain(`any($1::bigint[])`);
    expect(statement.text).toContain(`"d"."worker_id" = $2`);
    const now = new Date();
    const query = vi.fn().mockResolvedValue({ rows: [] });
    await statement.run({ query } as unknown as Queryable, { now, workerId: "w", ids: [1, 2] });
    expect(query).toHaveBeenCalledWith(statement.text, [[1, 2], "w", now]);
  });

  it("refuses a constant in the template and a parameter read but not used", () => {
    expect(() => compileStatement(() => sql`select ${1}`)).toThrow(/A value in a compiled statement/);
    expect(() => compileStatement<{ a: number; b: number }>(({ a: _read }) => sql`select 1`)).toThrow(
      /read but not used/,
    );
  });

  it("names each selected value by its key", () => {
    const statement = compileStatement<Record<string, never>, { name: string; opted_out: boolean }>(
      () =>
        sql`select ${selectList<{ name: string; opted_out: boolean }>({ name: c.name, opted_out: c.smsOptOut })} from ${contacts} ${c}`,
    );
    expect(statement.text).toBe(
      `select "c"."name" as "name", "c"."sms_opt_out" as "opted_out" from "contacts" "c"`,
    );
  });
});
