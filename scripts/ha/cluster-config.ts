/**
 * The configuration files of the loopback high-availability cluster (scripts/ha/cluster.ts):
 * two Patroni nodes on etcd, HAProxy routing by Patroni's REST health checks, PgBouncer in front.
 * JSON is valid YAML, so Patroni's file is written as JSON.
 */

export interface NodePorts {
  name: string;
  /** PostgreSQL's port. */
  pg: number;
  /** Patroni's REST API (health checks, switchover). */
  rest: number;
}

export interface ClusterPorts {
  etcdClient: number;
  etcdPeer: number;
  nodes: NodePorts[];
  /** HAProxy: the current primary. */
  primary: number;
  /** HAProxy: a streaming replica, else the primary. */
  replica: number;
  pgbouncer: number;
}

export interface ClusterSecrets {
  superuser: string;
  replication: string;
  rewind: string;
  app: string;
}

export const APP_USER = "remindful";
export const APP_DATABASE = "remindful";
export const SCOPE = "remindful-ha";

/** Patroni's settings for one node. The `bootstrap.dcs` part is the cluster's, written once to etcd. */
export function patroniConfig(
  node: NodePorts,
  ports: ClusterPorts,
  dirs: { data: string; socket: string; pgpass: string; bin: string },
  secrets: ClusterSecrets,
): string {
  const hba = [
    "local all all trust",
    "host replication replicator 127.0.0.1/32 scram-sha-256",
    "host all all 127.0.0.1/32 scram-sha-256",
  ];
  return JSON.stringify(
    {
      scope: SCOPE,
      name: node.name,
      log: { level: "INFO" },
      restapi: { listen: `127.0.0.1:${node.rest}`, connect_address: `127.0.0.1:${node.rest}` },
      etcd3: { hosts: [`127.0.0.1:${ports.etcdClient}`] },
      bootstrap: {
        dcs: {
          // A crashed primary is noticed within a loop (1 s). The leader key lasts 20 s (Patroni's
          // documented minimum): what a node whose Patroni itself died keeps the lead for.
          ttl: 20,
          loop_wait: 1,
          retry_timeout: 4,
          // A crashed primary is failed over at once rather than restarted in place.
          primary_start_timeout: 0,
          // A commit is acknowledged once the standby has it, so a failover loses none.
          synchronous_mode: true,
          maximum_lag_on_failover: 1_048_576,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_level: "replica",
              hot_standby: "on",
              wal_log_hints: "on",
              max_connections: 200,
              max_wal_senders: 10,
              max_replication_slots: 10,
              wal_keep_size: "256MB",
              shared_buffers: "128MB",
              synchronous_commit: "on",
              hot_standby_feedback: "on",
              // Statement figures per node for the benchmarks (installed with PostgreSQL).
              shared_preload_libraries: "pg_stat_statements",
            },
          },
        },
        initdb: [{ encoding: "UTF8" }, { locale: "C.UTF-8" }, "data-checksums"],
      },
      postgresql: {
        listen: `127.0.0.1:${node.pg}`,
        connect_address: `127.0.0.1:${node.pg}`,
        data_dir: dirs.data,
        bin_dir: dirs.bin,
        pgpass: dirs.pgpass,
        pg_hba: hba,
        authentication: {
          superuser: { username: "postgres", password: secrets.superuser },
          replication: { username: "replicator", password: secrets.replication },
          rewind: { username: "rewinder", password: secrets.rewind },
        },
        parameters: { unix_socket_directories: dirs.socket, logging_collector: "off" },
      },
      tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
    },
    null,
    2,
  );
}

/**
 * HAProxy in TCP mode, as Patroni's documentation sets it up: a node serves the primary port while
 * its Patroni answers 200 to `GET /primary`, the replica port while it answers 200 to
 * `GET /replica` (falling back to the primary when no replica is up). A node marked down has its
 * sessions cut, so no client keeps talking to a demoted primary.
 */
export function haproxyConfig(ports: ClusterPorts): string {
  const servers = (check: string) => [
    "  option httpchk",
    `  http-check send meth GET uri ${check}`,
    "  http-check expect status 200",
    "  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions",
    ...ports.nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pg} maxconn 200 check port ${n.rest}`),
  ];
  return [
    "global",
    "  maxconn 2000",
    "defaults",
    "  mode tcp",
    "  timeout connect 2s",
    "  timeout client 1h",
    "  timeout server 1h",
    "  timeout check 1s",
    "frontend primary",
    `  bind 127.0.0.1:${ports.primary}`,
    "  default_backend primary",
    "frontend replica",
    `  bind 127.0.0.1:${ports.replica}`,
    "  use_backend replicas if { nbsrv(replicas) ge 1 }",
    "  default_backend primary",
    "backend primary",
    ...servers("/primary"),
    "backend replicas",
    // A replica more than 16 MB of WAL behind serves no reads.
    ...servers("/replica?lag=16MB"),
    "",
  ].join("\n");
}

/**
 * PgBouncer: `remindful` pooled per transaction (the app's queries), `remindful_session` per
 * session (LISTEN, session advisory locks, graphile-worker), `remindful_replica` per transaction to
 * HAProxy's replica port. A failed server login is retried after 1 s, not PgBouncer's 15 s; a
 * query waits up to 10 s for a server (PgBouncer's default is 120 s).
 */
export function pgbouncerConfig(ports: ClusterPorts, dirs: { dir: string; userlist: string }): string {
  const at = (port: number, mode: string) =>
    `host=127.0.0.1 port=${port} dbname=${APP_DATABASE} pool_mode=${mode}`;
  return [
    "[databases]",
    `${APP_DATABASE} = ${at(ports.primary, "transaction")}`,
    `${APP_DATABASE}_session = ${at(ports.primary, "session")}`,
    `${APP_DATABASE}_replica = ${at(ports.replica, "transaction")}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${ports.pgbouncer}`,
    `unix_socket_dir = ${dirs.dir}`,
    `pidfile = ${dirs.dir}/pgbouncer.pid`,
    "auth_type = scram-sha-256",
    `auth_file = ${dirs.userlist}`,
    "pool_mode = transaction",
    "max_client_conn = 2000",
    "default_pool_size = 40",
    "max_db_connections = 150",
    "server_login_retry = 1",
    "server_connect_timeout = 3",
    // A query waits this long for a server (a failover) before its client gets an error.
    "query_wait_timeout = 10",
    "ignore_startup_parameters = extra_float_digits",
    "log_connections = 0",
    "log_disconnections = 0",
    "",
  ].join("\n");
}

export function userlist(secrets: ClusterSecrets): string {
  return `"${APP_USER}" "${secrets.app}"\n`;
}
