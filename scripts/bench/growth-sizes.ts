import type pg from "pg";

const MB = 1024 * 1024;
const mb = (bytes: string | number) => Math.round((Number(bytes) / MB) * 10) / 10;

/**
 * Sizes in MB of the delivery log's tables (heap, indexes, total with TOAST) and of each of their
 * indexes, summed over partitions when a table is partitioned (pg_partition_tree also answers a
 * plain table only through the union with itself), and the row counts the planner holds (of the leaves: a partitioned parent holds its total too).
 */
export async function tableSizes(client: pg.Client, tables: string[]) {
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ heap: string; indexes: string; total: string; rows: string }>(
      `select sum(pg_relation_size(relid)) as heap, sum(pg_indexes_size(relid)) as indexes,
              sum(pg_total_relation_size(relid)) as total,
              (sum(greatest(c.reltuples, 0)) filter (where c.relkind <> 'p'))::bigint as rows
         from (select relid from pg_partition_tree($1::regclass) union select $1::regclass) t
         join pg_class c on c.oid = t.relid`,
      [table],
    );
    const { rows: indexes } = await client.query<{ name: string; bytes: string }>(
      `select i.indexrelid::regclass::text as name,
              (select sum(pg_relation_size(relid))
                 from (select relid from pg_partition_tree(i.indexrelid) union select i.indexrelid::regclass) t) as bytes
         from pg_index i where i.indrelid = $1::regclass order by 2 desc`,
      [table],
    );
    out[table] = {
      rows: Number(rows[0].rows),
      heapMB: mb(rows[0].heap),
      indexesMB: mb(rows[0].indexes),
      totalMB: mb(rows[0].total),
      indexMB: Object.fromEntries(indexes.map((i) => [i.name, mb(i.bytes)])),
    };
  }
  return out;
}

/** The autovacuum settings in effect: the server's, each table's own (reloptions), and what it last did. */
export async function autovacuumSettings(client: pg.Client, tables: string[]) {
  const { rows: server } = await client.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings
      where name like 'autovacuum%' or name in ('shared_buffers', 'work_mem', 'maintenance_work_mem',
            'effective_cache_size', 'random_page_cost', 'server_version', 'default_statistics_target')
      order by name`,
  );
  const { rows: perTable } = await client.query<{
    relname: string;
    reloptions: string[] | null;
    n_dead_tup: string;
    autovacuum_count: string;
    autoanalyze_count: string;
  }>(
    `select c.relname, c.reloptions, s.n_dead_tup, s.autovacuum_count, s.autoanalyze_count
       from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.relname = any($1::text[])`,
    [tables],
  );
  return {
    server: Object.fromEntries(server.map((r) => [r.name, r.unit ? `${r.setting} ${r.unit}` : r.setting])),
    tables: Object.fromEntries(
      perTable.map((t) => [
        t.relname,
        {
          reloptions: t.reloptions ?? [],
          deadTuples: Number(t.n_dead_tup ?? 0),
          autovacuumRuns: Number(t.autovacuum_count ?? 0),
          autoanalyzeRuns: Number(t.autoanalyze_count ?? 0),
        },
      ]),
    ),
  };
}
