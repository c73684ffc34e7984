import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { receiveLocalUpload } from "@/lib/storage/receive-local-upload";
import { uploadKeyOf } from "@/lib/storage/object-path";

// Authorised by the URL's signature (as a presigned S3 URL is), not by the session.
export const PUT = publicRoute(
  {
    params: z.object({ id: z.uuid() }),
    query: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(200) }),
  },
  async ({ request, params, query }) => {
    const length = request.headers.get("content-length");
    await receiveLocalUpload({
      key: uploadKeyOf(params.id),
      expires: query.expires,
      signature: query.signature,
      contentLength: length ? Number(length) : null,
      body: request.body,
    });
    return Response.json({ ok: true });
  },
);
