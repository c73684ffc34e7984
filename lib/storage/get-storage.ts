import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { createLocalDriver } from "./local-driver";
import { createS3Driver } from "./s3-driver";
import type { StorageDriver } from "./storage-driver";

let driver: StorageDriver | undefined;

/** S3 when S3_BUCKET is set, else local disk under DATA_DIR/uploads. */
export function getStorage(): StorageDriver {
  driver ??= env.S3_BUCKET
    ? createS3Driver({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : createLocalDriver(path.resolve(env.DATA_DIR, "uploads"), env.APP_URL);
  return driver;
}

/** The local driver, when it is the one in use (its upload route needs the disk path). */
export function getLocalStorage() {
  const storage = getStorage();
  return storage.kind === "local" ? (storage as ReturnType<typeof createLocalDriver>) : null;
}
