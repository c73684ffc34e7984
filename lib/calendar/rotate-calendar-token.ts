import "server-only";
import { and, eq } from "drizzle-orm";
import { workspaceMembers } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { newCalendarToken } from "./new-calendar-token";

/**
 * Gives the member a new feed token of the workspace, replacing the old one in the same
 * statement: the old URL answers 404 from the moment this returns. Creating the first link is the
 * same operation. Each member has their own, which ends when they leave.
 */
export async function rotateCalendarToken(workspaceId: string, userId: string): Promise<string> {
  const token = newCalendarToken();
  const updated = await db
    .update(workspaceMembers)
    .set({ calendarToken: token })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ id: workspaceMembers.userId });
  if (updated.length === 0) throw notFound();
  return token;
}
