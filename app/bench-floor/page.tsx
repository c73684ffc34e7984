import { notFound } from "next/navigation";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

/** bench:web's floor for pages: the root layout and one heading; 404 unless BENCH_FLOOR_DIR is set. */
export default function BenchFloorPage() {
  if (!env.BENCH_FLOOR_DIR) notFound();
  return (
    <main id="main" className="p-8">
      <h1 className="text-2xl font-semibold">Remindful</h1>
    </main>
  );
}
