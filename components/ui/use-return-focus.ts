"use client";

import { useRef } from "react";

/** The element to give focus back to: the focused one, or the trigger of the menu it is in. */
function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (!menu) return element;
  const triggerId = menu.getAttribute("aria-labelledby");
  return triggerId ? document.getElementById(triggerId) : null;
}

/**
 * Gives focus back to what opened a dialog when it closes. Radix does that only for its own
 * Trigger; our dialogs open from state (buttons, menu items, `?new=1`), so the element focused
 * at opening is remembered (a menu item stands for its menu's trigger) and focused again.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = openerOf(document.activeElement);
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
