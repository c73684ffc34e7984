"use client";

import { createContext, useContext } from "react";
import type { Can, Permission } from "@/config/roles";

// Outside a provider nothing is allowed: a screen rendered without one shows no write control.
const PermissionsContext = createContext<Partial<Can>>({});

/** What the signed-in person's role allows in the workspace they act in (permissionsOf on the server). */
export function PermissionsProvider({ can, children }: { can: Can; children: React.ReactNode }) {
  return <PermissionsContext.Provider value={can}>{children}</PermissionsContext.Provider>;
}

/** Whether the person's role carries `permission`: write controls show only where it does. */
export function useCan(permission: Permission): boolean {
  return useContext(PermissionsContext)[permission] === true;
}
