#!/usr/bin/env node
// `npm run build`'s second step: jobs/worker.ts and the app code it reaches, bundled into
// dist/worker.mjs, so `npm run worker` runs plain JavaScript under Node with no TypeScript
// loader (and no loader process between a supervisor's signal and the engine). npm packages
// stay imports, resolved from node_modules at run time; `server-only` becomes an empty module,
// as Next.js resolves it for server code.
import { build } from "esbuild";

const emptyServerOnly = {
  name: "empty-server-only",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

await build({
  entryPoints: ["jobs/worker.ts"],
  outfile: "dist/worker.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.12",
  packages: "external",
  plugins: [emptyServerOnly],
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/worker.mjs");
