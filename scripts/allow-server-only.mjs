// Node processes that run server code outside Next.js (the worker, scripts, the e2e runner) load
// this with `--import`: `server-only` then resolves to an empty module, as Next.js resolves it for
// server code, while a client bundle that reaches it still fails the build.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
      return next(specifier, context);
    }`),
);
