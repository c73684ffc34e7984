import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DASHBOARD_CLIENT_NAMESPACES } from "@/components/dashboard/dashboard-client-namespaces";
import { PREFERENCES_CLIENT_NAMESPACES } from "@/components/preferences/preferences-client-namespaces";
import { pageClientMessages, SHELL_CLIENT_NAMESPACES } from "@/components/layout/client-messages";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import {
  clientModulesOf,
  namespacesNamedIn,
  PROJECT_ROOT,
  readSource,
  relative,
  unreadableNamespaces,
} from "@/tests/support/client-graph";

const NAMESPACES = new Set(Object.keys(en));

/** Namespace -> the client modules (reached from `entries`) that name it. */
function namespacesOf(entries: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of clientModulesOf(entries)) {
    for (const namespace of namespacesNamedIn(readSource(file), relative(file))) {
      if (NAMESPACES.has(namespace)) found.set(namespace, [...(found.get(namespace) ?? []), relative(file)]);
    }
  }
  return found;
}

/** What a page's list leaves out: namespace -> the client modules that need it. */
function missing(entries: string[], list: readonly string[]) {
  return Object.fromEntries([...namespacesOf(entries)].filter(([namespace]) => !list.includes(namespace)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Each page that hands the shell a list of its own, with that list.
const PAGES_WITH_A_LIST: Record<string, { list: readonly string[]; constant: string }> = {
  "app/home/page.tsx": { list: DASHBOARD_CLIENT_NAMESPACES, constant: "DASHBOARD_CLIENT_NAMESPACES" },
};

describe("per-page client messages", () => {
  it("follows imports through to the client modules, the New Reminder dialog's included", () => {
    const modules = clientModulesOf(["app/home/page.tsx"]).map(relative);
    expect(modules).toContain("components/layout/app-sidebar.tsx");
    expect(modules).toContain("components/reminders/reminder-dialog.tsx");
    // A hook without "use client" of its own, reached through a client component.
    expect(modules).toContain("lib/api-client/use-api-error-text.ts");
    // Server components and server actions stay out.
    expect(modules).not.toContain("components/dashboard/dashboard-screen.tsx");
    expect(modules).not.toContain("lib/actions/load-contact-options.ts");
  });

  it("gives the shell every namespace its client components name", () => {
    expect(missing(["components/layout/app-shell.tsx"], SHELL_CLIENT_NAMESPACES)).toEqual({});
  });

  for (const [page, { list, constant }] of Object.entries(PAGES_WITH_A_LIST)) {
    it(`gives ${page} every namespace its client components name, and no unknown one`, () => {
      expect(readSource(path.join(PROJECT_ROOT, page))).toContain(`clientNamespaces={${constant}}`);
      const modules = clientModulesOf([page]);
      expect(unreadableNamespaces(modules).map(relative)).toEqual([]);
      expect(missing([page], list)).toEqual({});
      for (const namespace of list) expect(NAMESPACES, namespace).toContain(namespace);
      for (const messages of [en, es, fr]) {
        const picked = pageClientMessages(messages, list);
        expect(Object.keys(picked).sort()).toEqual([...new Set(list)].sort());
        for (const namespace of list)
          expect(picked[namespace]).toBe((messages as Record<string, unknown>)[namespace]);
      }
    });
  }

  it("knows every page that hands the shell a list of its own", () => {
    const withList = ["app", "components"]
      .flatMap((dir) => sourceFiles(path.join(PROJECT_ROOT, dir)))
      .filter((file) => /<AppShell\b[^>]*\bclientNamespaces=/.test(readSource(file)))
      .map(relative);
    expect(withList.sort()).toEqual(Object.keys(PAGES_WITH_A_LIST).sort());
  });

  it("gives the contact's preferences page (no shell) every namespace its client components name", () => {
    const page = "app/prefs/[token]/page.tsx";
    expect(readSource(path.join(PROJECT_ROOT, page))).toContain("PREFERENCES_CLIENT_NAMESPACES");
    const modules = clientModulesOf([page]);
    expect(modules.map(relative)).toContain("components/preferences/channel-order.tsx");
    expect(unreadableNamespaces(modules).map(relative)).toEqual([]);
    expect(missing([page], PREFERENCES_CLIENT_NAMESPACES)).toEqual({});
  });

  it("leaves out what the page does not read", () => {
    const picked = pageClientMessages(en, DASHBOARD_CLIENT_NAMESPACES);
    expect(Object.keys(picked)).not.toContain("contactImport");
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(en).length * 0.6);
    expect(pageClientMessages(en, DASHBOARD_CLIENT_NAMESPACES)).toBe(picked);
  });
});
