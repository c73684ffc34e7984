/**
 * What the loopback cluster (scripts/ha/cluster.ts) needs of this machine: Debian's packages, an
 * account PostgreSQL accepts, a folder that account owns, and processes that do not outlive a run.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const PACKAGES = "postgresql-15 (or newer), patroni, etcd-server, pgbouncer and haproxy";
/** pgbouncer and haproxy live in /usr/sbin, off a user's PATH. */
const TOOLS_PATH = `${process.env.PATH}:/usr/sbin:/sbin`;

/** The newest PostgreSQL of Debian's packages that Patroni can drive (15 or newer). */
function postgresBin(): { bin: string; version: string } {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => Number(v) >= 15 && existsSync(path.join(root, v, "bin", "pg_basebackup")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`No PostgreSQL 15+ server under ${root}: install ${PACKAGES} (.ci/run does).`);
  }
  return { bin: path.join(root, versions[0], "bin"), version: versions[0] };
}

function requireCommand(name: string) {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { env: { ...process.env, PATH: TOOLS_PATH } });
  if (found.status !== 0)
    throw new Error(`\`${name}\` is not installed: install ${PACKAGES} (.ci/run does).`);
}

/** The account the cluster runs as: `postgres` when this process is root, else this user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"]).stdout.toString().trim());
  const uid = id("-u");
  if (!Number.isInteger(uid) || uid <= 0) throw new Error("Running as root needs the `postgres` system user");
  return { uid, gid: id("-g") };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `check`'s first answer other than undefined, asked every `everyMs`; an error after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 250,
) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `HA cluster: ${what} not reached within ${timeoutMs / 1000} s${last ? ` (${String(last)})` : ""}`,
      );
    }
    await sleep(everyMs);
  }
}

export function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** SIGKILL of the postmaster of `dataDir`, if one runs (its backends then exit by themselves). */
export function killPostmaster(dataDir: string) {
  const pid = readPid(path.join(dataDir, "postmaster.pid"));
  if (!pid) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

const live = new Set<ChildProcess>();
const dataDirs = new Set<string>();
let exitHookSet = false;

/**
 * The machine ready for one cluster: the packages checked, a fresh folder under the system's
 * temporary one owned by the account that runs the cluster, and helpers to write into it and to
 * start its processes. Whatever is still running when this process exits is killed, postmasters
 * (which Patroni starts, so they are not our children) included.
 */
export function prepareHost() {
  const { bin, version } = postgresBin();
  for (const command of ["etcd", "patroni", "patronictl", "haproxy", "pgbouncer"]) requireCommand(command);
  const owner = runAs();
  const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-ha-"));
  const own = (p: string) => owner && chownSync(p, owner.uid, owner.gid);
  own(dir);
  if (!exitHookSet) {
    exitHookSet = true;
    process.once("exit", () => {
      for (const child of live) child.kill("SIGKILL");
      for (const data of dataDirs) killPostmaster(data);
    });
  }
  return {
    bin,
    version,
    dir,
    env: { ...process.env, PATH: `${bin}:${TOOLS_PATH}`, HOME: dir },
    mkdir(name: string, mode = 0o700) {
      const p = path.join(dir, name);
      mkdirSync(p, { mode });
      own(p);
      return p;
    },
    write(name: string, text: string) {
      const p = path.join(dir, name);
      writeFileSync(p, text, { mode: 0o600 });
      own(p);
      return p;
    },
    /** A PostgreSQL data folder whose postmaster must not outlive this process. */
    track: (dataDir: string) => dataDirs.add(dataDir),
    untrack: (dataDir: string) => dataDirs.delete(dataDir),
    /** `command` as the cluster's account, its output appended to `<name>.log` in the folder. */
    start(name: string, command: string, args: string[]): ChildProcess {
      const out = openSync(path.join(dir, `${name}.log`), "a");
      const child = spawn(command, args, {
        cwd: dir,
        stdio: ["ignore", out, out],
        env: { ...process.env, PATH: `${bin}:${TOOLS_PATH}`, HOME: dir },
        ...owner,
      });
      live.add(child);
      child.once("exit", () => live.delete(child));
      return child;
    },
  };
}
