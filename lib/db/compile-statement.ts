import "server-only";
import type pg from "pg";
import { CasingCache } from "drizzle-orm/casing";
import { is, Placeholder, sql, type Column, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

// The same naming as `db` (lib/db/index.ts): schema keys in camelCase, columns in snake_case.
const dialect = new PgDialect({ casing: "snake_case" });
const casing = new CasingCache("snake_case");

/** A pooled client in a transaction, or the pool itself. */
export type Queryable = Pick<pg.PoolClient, "query">;

/** One `sql.placeholder` per parameter, typed by the parameter's value. */
export type Placeholders<P> = { readonly [K in keyof P & string]: Placeholder<K, P[K]> };

export interface CompiledStatement<P, R extends pg.QueryResultRow> {
  /** The statement's text, with $1… for its parameters. */
  readonly text: string;
  run(client: Queryable, values: P): Promise<pg.QueryResult<R>>;
}

/**
 * A hand-written statement built once, at module load, from Drizzle's `sql` template with the
 * schema's tables and columns (a renamed column fails the typecheck), run as plain text on a pg
 * client: each call only lists the parameters, with no query builder in between. `P` names the
 * parameters, `R` the rows as pg reads them. A parameter read from `p` once and used any number
 * of times is one `$n`, numbered in the order the template first reads them (destructure `p` to
 * choose that order). Every value goes in as a parameter: a constant in the template is an error.
 */
export function compileStatement<
  P extends object = Record<string, never>,
  R extends pg.QueryResultRow = never,
>(build: (p: Placeholders<P>) => SQL): CompiledStatement<P, R> {
  const names: string[] = [];
  const placeholders = new Proxy(
    {},
    {
      get: (_, key) => {
        if (typeof key !== "string") return undefined;
        if (!names.includes(key)) names.push(key);
        return sql.placeholder(key);
      },
    },
  ) as Placeholders<P>;
  const used = new Set<string>();
  const { sql: text } = build(placeholders).toQuery({
    casing,
    escapeName: (name) => dialect.escapeName(name),
    escapeString: (value) => dialect.escapeString(value),
    escapeParam: (_, value) => {
      if (!is(value, Placeholder)) throw new Error(`A value in a compiled statement: ${String(value)}`);
      used.add(value.name);
      return `$${names.indexOf(value.name) + 1}`;
    },
  });
  const unused = names.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`Parameters read but not used: ${unused.join(", ")}`);
  return {
    text,
    run: (client, values) =>
      client.query<R>(
        text,
        names.map((name) => (values as Record<string, unknown>)[name]),
      ),
  };
}

/**
 * A column's bare name, for what PostgreSQL will not take qualified: `update … set <name> =`
 * and an insert's column list (`${table.column}` in the template is "table"."column").
 */
export function columnName(column: Column): SQL {
  return sql`${sql.identifier(casing.getColumnCasing(column))}`;
}

/**
 * `expr as "key", …` for each entry: the select list of a row type, its keys written once
 * (a key missing from the list, or one the type lacks, fails the typecheck).
 */
export function selectList<R>(list: { readonly [K in keyof R]-?: Column | SQL }): SQL {
  return sql.join(
    Object.entries<Column | SQL>(list).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
}
