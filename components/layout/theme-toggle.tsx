"use client";

import { Moon, Sun } from "lucide-react";
import { THEME_STORAGE_KEY } from "./head-script";

/** Flips the class the inline head script set before first paint, and remembers it. */
export function ThemeToggle({ label }: { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => {
        const root = document.documentElement;
        const next = root.classList.contains("dark") ? "light" : "dark";
        root.classList.remove("light", "dark");
        root.classList.add(next);
        try {
          localStorage.setItem(THEME_STORAGE_KEY, next);
        } catch {
          // Without storage the choice lasts for this page only.
        }
      }}
      className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Sun className="size-4 dark:hidden" aria-hidden />
      <Moon className="hidden size-4 dark:block" aria-hidden />
    </button>
  );
}
