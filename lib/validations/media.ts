import { z } from "zod";
import { UPLOAD_PROTOCOL } from "@/config/media";
import { MEDIA_KINDS } from "@/db/schema/enums";

/** POST /api/media: what the browser says of the clip before uploading it (the server checks it). */
export const createMediaSchema = z
  .object({
    kind: z.enum(MEDIA_KINDS),
    filename: z.string().trim().min(1).max(255),
    type: z.string().trim().min(1).max(255),
    size: z.number().int().min(0),
  })
  .strict();

/** The `{ mediaId }` file meta the uploader sends with every upload (`allowedMetaFields` sends no other). */
const uploaderMetadata = z.object({ mediaId: z.uuid() }).strict();

/** POST s3/multipart: the uploader's `{ filename, type, metadata }`. */
export const startMultipartSchema = z
  .object({
    filename: z.string().max(1024).optional(),
    type: z.string().min(1).max(255),
    metadata: uploaderMetadata,
  })
  .strict();

/** GET s3/params?filename=&type=&metadata[mediaId]=. */
export const postUploadQuerySchema = z
  .object({
    filename: z.string().max(1024).optional(),
    type: z.string().min(1).max(255),
    "metadata[mediaId]": z.uuid(),
  })
  .transform((q) => ({ type: q.type, mediaId: q["metadata[mediaId]"] }));

/** ?key= of the multipart routes. */
export const uploadKeyQuerySchema = z.object({ key: z.string().min(1).max(200) });

/** S3 upload ids are opaque strings of up to about a kilobyte. */
const uploadId = z.string().min(1).max(1024);

export const multipartParamsSchema = z.object({ uploadId });

export const multipartPartParamsSchema = z.object({
  uploadId,
  partNumber: z.coerce.number().int().min(1).max(UPLOAD_PROTOCOL.maxParts),
});

/** POST s3/multipart/{uploadId}/complete: the parts with the ETags their PUTs answered. */
export const completeMultipartSchema = z
  .object({
    parts: z
      .array(
        z
          .object({
            PartNumber: z.number().int().min(1).max(UPLOAD_PROTOCOL.maxParts),
            ETag: z.string().min(1).max(200),
          })
          .strict(),
      )
      .min(1)
      .max(UPLOAD_PROTOCOL.maxParts),
  })
  .strict();

export const mediaIdParamsSchema = z.object({ id: z.uuid() });
