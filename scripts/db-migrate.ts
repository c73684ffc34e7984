import { ensureDatabase } from "@/lib/db/connection";

// DATABASE_URL when set, otherwise the embedded server under DATA_DIR/postgres.
const url = await ensureDatabase();
console.log(`Migrations applied to ${url.replace(/:[^:@/]+@/, ":***@")}`);
process.exit(0);
