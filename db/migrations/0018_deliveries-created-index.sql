-- IF NOT EXISTS: on a large deliveries table the index can be built ahead of the deploy without
-- blocking writes (CREATE INDEX CONCURRENTLY, docs/deployment.md "Monitoring").
CREATE INDEX IF NOT EXISTS "deliveries_created_idx" ON "deliveries" USING btree ("created_at");
