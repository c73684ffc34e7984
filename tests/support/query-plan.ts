/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan, with the fields the plan tests read. */
export interface PlanNode {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Rows Removed by Join Filter"?: number;
  Plans?: PlanNode[];
}

/**
 * Every node of a plan. `subPlans: false` leaves out sub-plans (a value read once per output row,
 * which does not change how the rows themselves are found).
 */
export function planNodes(plan: PlanNode, { subPlans = true } = {}): PlanNode[] {
  const children = (plan.Plans ?? []).filter(
    (child) => subPlans || child["Parent Relationship"] !== "SubPlan",
  );
  return [plan, ...children.flatMap((child) => planNodes(child, { subPlans }))];
}

/** What `query` needs: pg's Pool, PoolClient or Client. */
interface Querier {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * A plan read as one over the tables the statement names: each month partition's table and
 * index names become the partitioned table's and index's (deliveries_2026_11 reads as
 * deliveries), so an assertion about "deliveries_created_idx" holds whichever months are read.
 * A sequential scan of a partition that holds no rows (planner statistics taken) reads nothing,
 * so it is reported as "Seq Scan of an empty partition", not as a scan of the table.
 */
export async function asPartitionedPlan(client: Querier, nodes: PlanNode[]): Promise<PlanNode[]> {
  const names = [
    ...new Set(nodes.flatMap((n) => [n["Relation Name"], n["Index Name"]]).filter((n): n is string => !!n)),
  ];
  const { rows } = await client.query<{ name: string; root: string; empty: boolean }>(
    `select c.relname as name, coalesce(root.relname, c.relname) as root,
            c.relkind = 'r' and c.relispartition and c.reltuples = 0 and c.relpages = 0 as empty
       from pg_class c left join pg_class root on root.oid = pg_partition_root(c.oid)
      where c.relname = any($1) and c.relnamespace = 'public'::regnamespace`,
    [names],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return nodes.map((node) => {
    const relation = node["Relation Name"] ? byName.get(node["Relation Name"]) : undefined;
    const index = node["Index Name"] ? byName.get(node["Index Name"]) : undefined;
    return {
      ...node,
      ...(relation ? { "Relation Name": relation.root } : {}),
      ...(index ? { "Index Name": index.root } : {}),
      ...(relation?.empty && node["Node Type"] === "Seq Scan"
        ? { "Node Type": "Seq Scan of an empty partition" }
        : {}),
    };
  });
}
