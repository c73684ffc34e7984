import type { Plan } from "@/config/plans";
import { MEDIA_DECLARED_TYPES, MEDIA_LIMITS } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { DomainError, invalidInput, unsupportedType } from "@/lib/errors/domain-error";
import { baseMediaType } from "./upload-parameters";

/** A plan's storage for clips and their renditions, in bytes (its megabytes are 10^6 bytes). */
export const storageAllowanceBytes = (plan: Pick<Plan, "mediaStorageMb">) => plan.mediaStorageMb * 1_000_000;

export interface MediaUploadRequest {
  kind: MediaKind;
  /** The type the browser declared (only a first gate: processing reads the bytes). */
  type: string;
  size: number;
}

/** Refuses a clip of a kind the plan lacks. */
export function assertKindInPlan(plan: Pick<Plan, "mediaKinds">, kind: MediaKind) {
  if (!plan.mediaKinds.includes(kind))
    throw new DomainError(
      "forbidden",
      { code: "media_kind_not_in_plan", message: "Your plan does not include this type of reminder" },
      { kind },
    );
}

/** Refuses a size of 0 or over the kind's limit. */
export function assertMediaSize(kind: MediaKind, size: number) {
  if (size <= 0) throw invalidInput({ code: "media_empty", message: "This file is empty" });
  const { maxBytes } = MEDIA_LIMITS[kind];
  if (size > maxBytes) {
    throw new DomainError(
      "too_large",
      { code: "media_too_large", message: "This file is too large" },
      { maxBytes },
    );
  }
}

/**
 * The largest file an upload under way may store: the size declared for it (held as
 * `sourceBytes` while uploading), never more than the kind's limit.
 */
export function declaredMaxBytes(row: { kind: string; sourceBytes: number | null }) {
  const { maxBytes } = MEDIA_LIMITS[row.kind as MediaKind];
  return row.sourceBytes !== null && row.sourceBytes > 0 ? Math.min(row.sourceBytes, maxBytes) : maxBytes;
}

/** Refuses a stored file larger than was declared (a multipart upload's store cannot check it). */
export function assertDeclaredSize(row: { kind: string; sourceBytes: number | null }, size: number) {
  const declaredBytes = declaredMaxBytes(row);
  if (size > declaredBytes)
    throw new DomainError(
      "too_large",
      { code: "media_too_large", message: "This file is larger than the size declared for it" },
      { maxBytes: declaredBytes },
    );
}

/** Refuses a clip that would take the user's clips past the plan's allowance. */
export function assertStorageRoom(plan: Pick<Plan, "mediaStorageMb">, usedBytes: number, size: number) {
  const allowance = storageAllowanceBytes(plan);
  if (usedBytes + size > allowance)
    throw new DomainError(
      "forbidden",
      { code: "media_storage_full", message: "Your storage for recordings is full" },
      { allowanceBytes: allowance, usedBytes },
    );
}

/**
 * What the server checks before an upload starts, in the order a user can act on: the plan's
 * kinds, the declared type, the size, then the storage left.
 */
export function checkMediaUpload(
  plan: Pick<Plan, "mediaKinds" | "mediaStorageMb">,
  request: MediaUploadRequest,
  usedBytes: number,
) {
  assertKindInPlan(plan, request.kind);
  if (!MEDIA_DECLARED_TYPES[request.kind].includes(baseMediaType(request.type)))
    throw unsupportedType({
      code: "media_type_unsupported",
      message: "This file is not an audio or video file",
    });
  assertMediaSize(request.kind, request.size);
  assertStorageRoom(plan, usedBytes, request.size);
}
