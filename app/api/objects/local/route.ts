import { publicRoute } from "@/lib/api/route";
import { receiveLocalPost } from "@/lib/storage/receive-local-post";

// The local store's POST Object (an S3 POST policy upload). Authorised by the signed form fields.
export const POST = publicRoute({}, async ({ request }) => {
  await receiveLocalPost(request);
  return new Response(null, { status: 204 });
});
