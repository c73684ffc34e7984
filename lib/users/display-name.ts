import "server-only";
import type { User } from "@/db/schema";

/** First and last name, else the Auth.js name, else empty (callers fall back to the e-mail). */
export function displayName(user: Pick<User, "firstName" | "lastName" | "name">): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.name?.trim() || "";
}
