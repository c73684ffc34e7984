import type { NextConfig } from "next";

// The floor's own config, so that Next.js does not take the app's next.config.ts found above.
// bench:web builds a copy outside the repository and gives Turbopack a root that holds both the
// copy and node_modules (see scripts/bench/web-floor.ts).
const floorConfig: NextConfig = {
  turbopack: { root: process.env.FLOOR_TURBOPACK_ROOT },
  // The repository's `npx tsc --noEmit` checks these files; the copy has no tsconfig of its own.
  typescript: { ignoreBuildErrors: true },
};

export default floorConfig;
