#!/usr/bin/env node
// `npm run build`'s second step: jobs/worker.ts and the app code it reaches, bundled into
// dist/worker.mjs, so `npm run worker` runs plain JavaScript under Node with no TypeScript
// loader (and no loader process between a supervisor's signal and the engine). npm packages
// stay imports, resolved from node_modules at run time, except the ones in BUNDLED; `server-only`
// becomes an empty module, as Next.js resolves it for server code.
import { build } from "esbuild";

const emptyServerOnly = {
  name: "empty-server-only",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

/**
 * Packages whose entry points re-export hundreds of ES modules: importing `date-fns` or
 * `drizzle-orm/node-postgres` as a package makes Node load them all, which took the worker's peak
 * memory past 400 MB before its first job (docs/PERFORMANCE.md). Bundled, only what is used is in.
 */
const BUNDLED = /^(date-fns|drizzle-orm)(\/|$)/;

const externalPackages = {
  name: "external-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      // `@/…` is the project's own code (tsconfig paths), resolved by esbuild.
      args.path.startsWith("@/") || args.path === "server-only" || BUNDLED.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ["jobs/worker.ts"],
  outfile: "dist/worker.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.12",
  plugins: [emptyServerOnly, externalPackages],
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/worker.mjs");
