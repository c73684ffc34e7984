import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { instantJson } from "@/lib/db/instant-json";

/** PostgreSQL's own text for these instants, read in a session set to `zone`. */
async function textsOf(zone: string, instantsSql: string): Promise<string[]> {
  const client = await db.$client.connect();
  try {
    await client.query(`set time zone '${zone}'`);
    const { rows } = await client.query<{ t: string }>(`select t::text as t from (${instantsSql}) as s(t)`);
    return rows.map((r) => r.t);
  } finally {
    await client.query("reset time zone");
    client.release();
  }
}

// Random instants over the years 1000-9999 (microseconds included), and the edges: each length of
// fraction, no fraction, leap days, the ends of the fast form's range and beyond it.
const RANDOM = `select timestamptz '1000-01-01 00:00:00+00'
  + random() * (timestamptz '9999-12-31 23:59:59.999999+00' - timestamptz '1000-01-01 00:00:00+00')
  from generate_series(1, 20000)`;
const EDGES = `select unnest(array[
  '1000-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+00', '0999-12-31 23:59:59.9+00',
  '0099-06-01 12:00:00.5+00', '10000-01-01 00:00:00+00', '0044-03-15 12:00:00+00 BC',
  '1969-12-31 23:59:59.9995+00', '1970-01-01 00:00:00+00', '2000-02-29 12:00:00.1+00',
  '2026-11-23 23:07:45.5+00', '2026-11-23 23:07:45.05+00', '2026-11-23 23:07:45.005+00',
  '2026-11-23 23:07:45.0005+00', '2026-11-23 23:07:45.00005+00', '2026-11-23 23:07:45.000001+00',
  '2026-11-23 23:07:45.999999+00', '2026-11-23 23:07:45.123456+00'
]::timestamptz[])`;

describe("instantJson", () => {
  it.each(["UTC", "Europe/Paris", "Asia/Kathmandu", "America/St_Johns"])(
    "writes what serialising new Date(text) writes, for PostgreSQL's text in a %s session",
    async (zone) => {
      const texts = [...(await textsOf(zone, RANDOM)), ...(await textsOf(zone, EDGES))];
      const mismatches = texts.filter((t) => instantJson(t) !== new Date(t).toJSON());
      expect(mismatches).toEqual([]);
    },
  );

  it("covers the rewritten form, not only the Date fallback", async () => {
    const texts = await textsOf("UTC", EDGES);
    expect(texts).toContain("2026-11-23 23:07:45.05+00");
    expect(texts).toContain("1970-01-01 00:00:00+00");
    expect(instantJson("2026-11-23 23:07:45.05+00")).toBe("2026-11-23T23:07:45.050Z");
    expect(instantJson(null)).toBeNull();
  });
});
