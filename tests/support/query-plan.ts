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
