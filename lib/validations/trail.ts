import { z } from "zod";
import { TRAIL_KIND_GROUP_NAMES } from "@/config/activity-trail";

/** The filters of the activity trail and its export: one person (a user id), one group of kinds. */
export const trailFilterSchema = z
  .object({
    actorId: z.string().min(1).max(100).optional(),
    kind: z.enum(TRAIL_KIND_GROUP_NAMES).optional(),
  })
  .strict();

/** ?actorId=&kind=&cursor=&limit= of GET /api/team/activity. */
export const trailQuerySchema = trailFilterSchema
  .extend({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export type TrailFilter = z.output<typeof trailFilterSchema>;
export type TrailQuery = z.output<typeof trailQuerySchema>;
