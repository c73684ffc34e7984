import pg from "pg";
import type { HaCluster } from "@/scripts/ha/cluster";
import { postgresCpuSeconds } from "@/tests/support/bench-kit";
import { startWebLoad, type WebTarget } from "./failover-web-load";

interface ReplicaReadRun {
  web: "primaryOnly" | "withReplica";
  requests: number;
  requestsPerSecond: number;
  notOk: number;
  primaryCpuMsPerRequest: number;
  standbyCpuMsPerRequest: number;
  primaryTransactionsPerRequest: number;
  primaryRowsReadPerRequest: number;
  standbyRowsReadPerRequest: number;
}

interface ServerReading {
  cpu: number;
  transactions: number;
  rows: number;
}

/** CPU seconds of a node's whole server, and the transactions and rows read in the app's database. */
async function readServer(url: string): Promise<ServerReading> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cpu = await postgresCpuSeconds(client);
    const { rows } = await client.query<{ xacts: string; rows: string }>(
      `select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as rows
         from pg_stat_database where datname = current_database()`,
    );
    return { cpu, transactions: Number(rows[0].xacts), rows: Number(rows[0].rows) };
  } finally {
    await client.end();
  }
}

/**
 * The lag-tolerant reads (activity page and its later pages, a reminder's History, the calendar
 * feed) served for `seconds` by each of two web processes in turn, A B B A: one without
 * DATABASE_REPLICA_URL (every read on the primary), one with it. For each, per request: the
 * primary's and the standby's CPU, and the transactions and rows the primary served.
 */
export async function measureReplicaReads(options: {
  cluster: HaCluster;
  database: string;
  webs: { primaryOnly: string; withReplica: string };
  targets: WebTarget[];
  cookie: string;
  seconds: number;
  concurrency: number;
}) {
  const phases: Array<keyof typeof options.webs> = [
    "primaryOnly",
    "withReplica",
    "withReplica",
    "primaryOnly",
  ];
  const runs: ReplicaReadRun[] = [];
  for (const web of phases) {
    const leader = await options.cluster.waitHealthy();
    const standby = options.cluster.nodes.find((n) => n.name !== leader.name)!;
    const urls = {
      primary: options.cluster.nodeUrl(leader.name, options.database),
      standby: options.cluster.nodeUrl(standby.name, options.database),
    };
    const before = { primary: await readServer(urls.primary), standby: await readServer(urls.standby) };
    const load = startWebLoad(options.webs[web], options.targets, {
      cookie: options.cookie,
      concurrency: options.concurrency,
      spreadAddresses: true,
    });
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    await load.stop();
    const after = { primary: await readServer(urls.primary), standby: await readServer(urls.standby) };
    const requests = load.answers.length;
    const per = (value: number, digits = 2) => Number((value / requests).toFixed(digits));
    runs.push({
      web,
      requests,
      requestsPerSecond: Math.round(requests / options.seconds),
      notOk: load.answers.filter((a) => a.status !== 200).length,
      primaryCpuMsPerRequest: per((after.primary.cpu - before.primary.cpu) * 1000),
      standbyCpuMsPerRequest: per((after.standby.cpu - before.standby.cpu) * 1000),
      primaryTransactionsPerRequest: per(after.primary.transactions - before.primary.transactions),
      primaryRowsReadPerRequest: per(after.primary.rows - before.primary.rows, 0),
      standbyRowsReadPerRequest: per(after.standby.rows - before.standby.rows, 0),
    });
  }
  const mean = (
    web: string,
    key: "primaryCpuMsPerRequest" | "primaryRowsReadPerRequest" | "requestsPerSecond",
  ) => {
    const mine = runs.filter((r) => r.web === web);
    return Number((mine.reduce((t, r) => t + r[key], 0) / mine.length).toFixed(2));
  };
  return {
    runs,
    primaryOnly: {
      primaryCpuMsPerRequest: mean("primaryOnly", "primaryCpuMsPerRequest"),
      primaryRowsReadPerRequest: mean("primaryOnly", "primaryRowsReadPerRequest"),
      requestsPerSecond: mean("primaryOnly", "requestsPerSecond"),
    },
    withReplica: {
      primaryCpuMsPerRequest: mean("withReplica", "primaryCpuMsPerRequest"),
      primaryRowsReadPerRequest: mean("withReplica", "primaryRowsReadPerRequest"),
      requestsPerSecond: mean("withReplica", "requestsPerSecond"),
    },
  };
}
