// The npm registry reachable here serves only the linux-x64 builds of packages with native
// binaries; `npm install` then leaves the other platforms' optional packages out of the lock
// file while still naming them as optional dependencies, and `npm ci` refuses the lock as
// out of sync. This drops those dangling optional names. Run after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const present = new Set(Object.keys(lock.packages));
let removed = 0;

for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    // npm resolves a dependency from the nearest node_modules up the tree.
    const parts = location ? location.split("/node_modules/") : [];
    let found = false;
    for (let depth = parts.length; depth >= 0 && !found; depth--) {
      const base = parts.slice(0, depth).join("/node_modules/");
      found = present.has(base ? `${base}/node_modules/${name}` : `node_modules/${name}`);
    }
    if (!found) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${removed} unavailable optional dependencies dropped`);
