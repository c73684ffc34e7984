import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { TEMPLATE_DATABASE } from "./template";

// Runs before the test file imports any app module, so lib/env and lib/db see this URL.
const templateUrl = new URL(inject("templateDatabaseUrl"));
const database = `remindful_test_${randomBytes(6).toString("hex")}`;
const adminUrl = new URL(templateUrl);
adminUrl.pathname = "/postgres";

const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`create database ${database} template ${TEMPLATE_DATABASE}`);
await admin.end();

const fileUrl = new URL(templateUrl);
fileUrl.pathname = `/${database}`;
process.env.DATABASE_URL = fileUrl.toString();
process.env.AUTH_SECRET ??= "test-secret-not-for-production";
process.env.APP_URL ??= "http://localhost:3000";

afterAll(async () => {
  const { pool } = await import("@/lib/db");
  await pool.end().catch(() => {});
});
