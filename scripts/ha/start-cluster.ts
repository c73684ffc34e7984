/**
 * `node scripts/with-node24.mjs tsx scripts/ha/start-cluster.ts`: the loopback high-availability
 * cluster (scripts/ha/cluster.ts) with the app's database migrated, until Ctrl-C. Prints the
 * three URLs to point the app at.
 */
import { runMigrations } from "@/lib/db/migrate";
import { startHaCluster } from "./cluster";

const cluster = await startHaCluster({ log: (line) => console.log(line) });
await runMigrations(cluster.sessionUrl);
console.log(`
DATABASE_POOLING=transaction
DATABASE_URL=${cluster.url}
DATABASE_SESSION_URL=${cluster.sessionUrl}
DATABASE_REPLICA_URL=${cluster.replicaUrl}

members: ${JSON.stringify(await cluster.members())}
logs and data: ${cluster.dir}
Ctrl-C stops the cluster and removes its folder.`);
const stop = () => void cluster.stop().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
setInterval(() => {}, 1 << 30);
