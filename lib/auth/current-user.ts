import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import type { Actor } from "@/lib/workspaces/actor";
import { findSessionActor } from "@/lib/workspaces/find-session-actor";
import { SESSION_COOKIES } from "./session-cookie";

interface CookieSource {
  get(name: string): { value: string } | undefined;
}

async function actorFromCookies(source: CookieSource): Promise<Actor | null> {
  for (const name of SESSION_COOKIES) {
    const token = source.get(name)?.value;
    if (token) return findSessionActor(token);
  }
  return null;
}

/**
 * The signed-in person for this render, the workspace they act in and their role there, or null;
 * looked up once per request. The one place a page learns its tenancy.
 */
export const getCurrentActor = cache(async (): Promise<Actor | null> => actorFromCookies(await cookies()));

/** The same for a route handler, from the request's own cookies. */
export function getRequestActor(request: { cookies: CookieSource }): Promise<Actor | null> {
  return actorFromCookies(request.cookies);
}
