import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";

/** The v1 contract, public: generated from the routes' own zod schemas. */
export function GET() {
  return Response.json(buildOpenApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
