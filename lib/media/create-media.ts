import "server-only";
import { media, type Workspace } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { getPlan } from "@/lib/plans/get-plan";
import { checkMediaUpload } from "./check-media-upload";
import type { MediaDto } from "./media-dto";
import { mediaSourceKey } from "./media-keys";
import { toMediaDto } from "./to-media-dto";
import { lockUserMedia, usedMediaBytes } from "./used-media-bytes";

export interface CreateMediaInput {
  kind: MediaKind;
  filename: string;
  type: string;
  size: number;
}

/**
 * POST /api/media: a clip row in status uploading, once the plan, the declared type, the size
 * and the storage left allow it. The browser then uploads to its source key.
 */
export async function createMedia(
  workspace: Pick<Workspace, "id" | "planType">,
  input: CreateMediaInput,
): Promise<MediaDto> {
  const plan = getPlan(workspace.planType);
  return db.transaction(async (tx) => {
    await lockUserMedia(tx, workspace.id);
    checkMediaUpload(plan, input, await usedMediaBytes(tx, workspace.id));
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(media)
      .values({
        id,
        workspaceId: workspace.id,
        kind: input.kind,
        filename: input.filename,
        declaredType: input.type,
        sourceKey: mediaSourceKey(id),
        // The declared size holds its room in the allowance until the stored size replaces it.
        sourceBytes: input.size,
      })
      .returning();
    return toMediaDto(row);
  });
}
