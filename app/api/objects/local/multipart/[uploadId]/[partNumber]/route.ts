import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { receiveLocalPart } from "@/lib/storage/receive-local-part";

// The local store's UploadPart. Authorised by the URL's signature (as a presigned S3 URL is).
export const PUT = publicRoute(
  {
    params: z.object({ uploadId: z.uuid(), partNumber: z.coerce.number().int().min(1).max(10_000) }),
    query: z.object({
      key: z.string().min(1).max(200),
      expires: z.coerce.number().int(),
      signature: z.string().min(1).max(200),
    }),
  },
  async ({ request, params, query }) => {
    const length = request.headers.get("content-length");
    const { etag } = await receiveLocalPart({
      key: query.key,
      uploadId: params.uploadId,
      partNumber: params.partNumber,
      expires: query.expires,
      signature: query.signature,
      contentLength: length ? Number(length) : null,
      body: request.body,
    });
    return new Response(null, { status: 200, headers: { etag: `"${etag}"` } });
  },
);
