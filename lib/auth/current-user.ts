import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import type { User } from "@/db/schema";
import { findSessionUser } from "@/lib/users/find-session-user";
import { SESSION_COOKIES } from "./session-cookie";

interface CookieSource {
  get(name: string): { value: string } | undefined;
}

async function userFromCookies(source: CookieSource): Promise<User | null> {
  for (const name of SESSION_COOKIES) {
    const token = source.get(name)?.value;
    if (token) return findSessionUser(token);
  }
  return null;
}

/** The signed-in user for this render, or null; looked up once per request. */
export const getCurrentUser = cache(async (): Promise<User | null> => userFromCookies(await cookies()));

/** The same for a route handler, from the request's own cookies. */
export function getRequestUser(request: { cookies: CookieSource }): Promise<User | null> {
  return userFromCookies(request.cookies);
}
