import "server-only";
import { invalidInput, notFound } from "@/lib/errors/domain-error";

/** The upload (or its part) is not one the store knows: aborted, completed, or never started. */
export const uploadNotFound = () => notFound({ code: "upload_not_found", message: "Upload not found" });

/** The parts named do not make the object (missing, wrong ETag, out of order, too small). */
export const uploadIncomplete = (reason: string) =>
  invalidInput({ code: "upload_incomplete", message: "The upload could not be completed" }, { reason });
