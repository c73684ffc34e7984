import { publicRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { readFloorPayload } from "@/lib/bench/read-floor-payload";
import { benchFloorParams } from "@/lib/validations/bench-floor";

export const dynamic = "force-dynamic";

// bench:web's floor for the API lists; 404 unless BENCH_FLOOR_DIR is set.
export const GET = publicRoute({ params: benchFloorParams }, async ({ params }) => {
  const payload = readFloorPayload(params.list);
  if (payload === null) throw notFound();
  return payload;
});
