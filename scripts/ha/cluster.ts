/**
 * A PostgreSQL cluster with automatic failover on loopback, from Debian's packages: etcd, two
 * Patroni nodes (a primary and a synchronous streaming standby of PostgreSQL 15 or newer), HAProxy
 * routing to whichever node Patroni's REST API calls primary, and PgBouncer in front. Every
 * process runs as the `postgres` system user when started as root (PostgreSQL and PgBouncer
 * refuse root), on free ports, under one temporary folder; `stop()` ends them all and removes it,
 * and so does this process's exit.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "@/lib/db/embedded";
import {
  APP_DATABASE,
  APP_USER,
  haproxyConfig,
  patroniConfig,
  pgbouncerConfig,
  SCOPE,
  userlist,
  type ClusterPorts,
  type ClusterSecrets,
  type NodePorts,
} from "./cluster-config";
import { killPostmaster, prepareHost, readPid, sleep, until } from "./cluster-host";

export interface ClusterMember {
  name: string;
  role: "leader" | "sync_standby" | "replica" | string;
  state: string;
  timeline?: number;
  lag?: number | string;
}

export interface HaCluster {
  dir: string;
  /** PgBouncer, pooled per transaction: the app's DATABASE_URL. */
  url: string;
  /** PgBouncer, pooled per session: DATABASE_SESSION_URL. */
  sessionUrl: string;
  /** PgBouncer to HAProxy's replica port: DATABASE_REPLICA_URL. */
  replicaUrl: string;
  /** The superuser through HAProxy's primary port, for the harness (another database). */
  adminUrl(database?: string): string;
  /** A node's PostgreSQL directly, as the superuser. */
  nodeUrl(name: string, database?: string): string;
  nodes: NodePorts[];
  postgresVersion: string;
  members(): Promise<ClusterMember[]>;
  /** Until one leader and a streaming synchronous standby; the leader. */
  waitHealthy(timeoutMs?: number): Promise<NodePorts>;
  /** SIGKILL of the primary's postmaster; the node and the pid. */
  killPrimary(): Promise<{ node: NodePorts; pid: number }>;
  /** `patronictl switchover` to the standby; the old and new leaders. */
  switchover(): Promise<{ from: string; to: string }>;
  /** `patronictl pause`: Patroni neither restarts nor fails over anything until `resume()`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** The postmaster's pid of a node, from its postmaster.pid. */
  postmasterPid(name: string): number | null;
  stop(): Promise<void>;
}

/** Starts the cluster, creates the app's role and database, and answers once all is ready. */
export async function startHaCluster(options: { log?: (line: string) => void } = {}): Promise<HaCluster> {
  const log = options.log ?? (() => {});
  const host = prepareHost();
  const { dir, version } = host;
  const secret = () => randomBytes(12).toString("hex");
  const secrets: ClusterSecrets = {
    superuser: secret(),
    replication: secret(),
    rewind: secret(),
    app: secret(),
  };
  const ports: ClusterPorts = {
    etcdClient: await freePort(),
    etcdPeer: await freePort(),
    nodes: [
      { name: "node1", pg: await freePort(), rest: await freePort() },
      { name: "node2", pg: await freePort(), rest: await freePort() },
    ],
    primary: await freePort(),
    replica: await freePort(),
    pgbouncer: await freePort(),
  };

  const children: ChildProcess[] = [];
  const nodeData = (n: NodePorts) => path.join(dir, n.name, "data");
  const stop = async () => {
    for (const child of [...children].reverse()) child.kill("SIGTERM");
    const deadline = Date.now() + 15_000;
    while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) {
      await sleep(100);
    }
    for (const child of children) child.kill("SIGKILL");
    for (const n of ports.nodes) killPostmaster(nodeData(n));
    for (const n of ports.nodes) host.untrack(nodeData(n));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    host.mkdir("etcd");
    children.push(
      host.start("etcd", "etcd", [
        "--name=etcd1",
        `--data-dir=${path.join(dir, "etcd")}`,
        `--listen-client-urls=http://127.0.0.1:${ports.etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${ports.etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${ports.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${ports.etcdPeer}`,
        `--initial-cluster=etcd1=http://127.0.0.1:${ports.etcdPeer}`,
        "--initial-cluster-state=new",
      ]),
    );
    await until(
      "etcd healthy",
      async () => ((await fetch(`http://127.0.0.1:${ports.etcdClient}/health`)).ok ? true : undefined),
      30_000,
    );

    for (const node of ports.nodes) {
      host.mkdir(node.name);
      const socket = host.mkdir(`${node.name}/socket`, 0o755);
      host.track(nodeData(node));
      const config = host.write(
        `${node.name}/patroni.yml`,
        patroniConfig(
          node,
          ports,
          { data: nodeData(node), socket, pgpass: path.join(dir, node.name, "pgpass"), bin: host.bin },
          secrets,
        ),
      );
      children.push(host.start(node.name, "patroni", [config]));
      // The first node bootstraps; the second clones it once it leads.
      if (node === ports.nodes[0])
        await until("a leader", async () => (await leaderOf()) ?? undefined, 120_000);
    }

    const cluster: HaCluster = {
      dir,
      url: appUrl(APP_DATABASE),
      sessionUrl: appUrl(`${APP_DATABASE}_session`),
      replicaUrl: appUrl(`${APP_DATABASE}_replica`),
      adminUrl: (database = "postgres") =>
        `postgres://postgres:${secrets.superuser}@127.0.0.1:${ports.primary}/${database}`,
      nodeUrl: (name, database = "postgres") =>
        `postgres://postgres:${secrets.superuser}@127.0.0.1:${nodeOf(name).pg}/${database}`,
      nodes: ports.nodes,
      postgresVersion: version,
      members,
      waitHealthy,
      async killPrimary() {
        const leader = await waitHealthy();
        const pid = cluster.postmasterPid(leader.name);
        if (!pid) throw new Error(`no postmaster.pid for ${leader.name}`);
        process.kill(pid, "SIGKILL");
        return { node: leader, pid };
      },
      async switchover() {
        const leader = await waitHealthy();
        const candidate = ports.nodes.find((n) => n.name !== leader.name)!;
        patronictl("switchover", "--leader", leader.name, "--candidate", candidate.name, "--force");
        return { from: leader.name, to: candidate.name };
      },
      async pause() {
        patronictl("pause", "--wait");
      },
      async resume() {
        patronictl("resume", "--wait");
      },
      postmasterPid: (name) => readPid(path.join(nodeData(nodeOf(name)), "postmaster.pid")),
      stop,
    };

    const leader = await waitHealthy(180_000);
    log(`patroni: ${leader.name} leads, PostgreSQL ${version}`);
    const admin = new pg.Client({ connectionString: cluster.nodeUrl(leader.name) });
    await admin.connect();
    await admin.query(`create role ${APP_USER} login password '${secrets.app}'`);
    await admin.query(`create database ${APP_DATABASE} owner ${APP_USER}`);
    await admin.end();

    const userlistFile = host.write("userlist.txt", userlist(secrets));
    const haproxy = host.write("haproxy.cfg", haproxyConfig(ports));
    children.push(host.start("haproxy", "haproxy", ["-db", "-f", haproxy]));
    const bouncer = host.write("pgbouncer.ini", pgbouncerConfig(ports, { dir, userlist: userlistFile }));
    children.push(host.start("pgbouncer", "pgbouncer", [bouncer]));
    await until(
      "PgBouncer to the primary",
      async () => {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ r: boolean }>("select pg_is_in_recovery() as r");
          return rows[0].r === false ? true : undefined;
        } finally {
          await client.end();
        }
      },
      60_000,
    );
    return cluster;
  } catch (error) {
    const tails = ["etcd", ...ports.nodes.map((n) => n.name), "haproxy", "pgbouncer"]
      .map((name) => {
        try {
          return `--- ${name}.log\n${readFileSync(path.join(dir, `${name}.log`), "utf8")
            .split("\n")
            .slice(-15)
            .join("\n")}`;
        } catch {
          return "";
        }
      })
      .join("\n");
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tails}`);
  }

  function patronictl(...args: string[]) {
    const run = spawnSync(
      "patronictl",
      ["-c", path.join(dir, ports.nodes[0].name, "patroni.yml"), args[0], SCOPE, ...args.slice(1)],
      {
        env: host.env,
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    if (run.status !== 0) throw new Error(`patronictl ${args[0]} failed: ${run.stderr || run.stdout}`);
  }

  function appUrl(database: string) {
    return `postgres://${APP_USER}:${secrets.app}@127.0.0.1:${ports.pgbouncer}/${database}`;
  }

  function nodeOf(name: string): NodePorts {
    const node = ports.nodes.find((n) => n.name === name);
    if (!node) throw new Error(`no node ${name}`);
    return node;
  }

  async function members(): Promise<ClusterMember[]> {
    for (const node of ports.nodes) {
      try {
        const response = await fetch(`http://127.0.0.1:${node.rest}/cluster`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (response.ok) return ((await response.json()) as { members: ClusterMember[] }).members;
      } catch {
        /* the next node */
      }
    }
    return [];
  }

  async function leaderOf(): Promise<NodePorts | null> {
    const leader = (await members()).find((m) => m.role === "leader" && m.state === "running");
    return leader ? nodeOf(leader.name) : null;
  }

  async function waitHealthy(timeoutMs = 120_000): Promise<NodePorts> {
    return until(
      "a leader and a streaming synchronous standby",
      async () => {
        const all = await members();
        const leader = all.find((m) => m.role === "leader" && m.state === "running");
        const standby = all.find(
          (m) => m.role === "sync_standby" && (m.state === "streaming" || m.state === "running"),
        );
        return leader && standby ? nodeOf(leader.name) : undefined;
      },
      timeoutMs,
      200,
    );
  }
}
