import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** What one look at a screen found wrong, one line per problem (empty: nothing). */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid");
      const classes = [...el.classList].slice(0, 4).join(".");
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      return `<${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ""}${classes ? `.${classes}` : ""}> "${text}"`;
    };
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });

    // Visually hidden until focused (the skip link: `sr-only` clips it to nothing): not on screen.
    const clippedAway = (el: Element) => {
      const style = getComputedStyle(el);
      return style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)";
    };

    // 1. The document never scrolls sideways.
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    }

    // 2. Text overflowing its box: the nearest non-inline box around each piece of text, when its
    // content is wider (or taller) than it and it lets the overflow show. Boxes that clip
    // (truncate with an ellipsis, or scroll) chose to; inline boxes have no width of their own.
    const boxes = new Set<HTMLElement>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      let box = node.parentElement;
      while (box && ["inline", "contents"].includes(getComputedStyle(box).display)) box = box.parentElement;
      if (box) boxes.add(box);
    }
    for (const box of boxes) {
      if (!shown(box) || box.closest("[aria-hidden=true], .sr-only, script, style, noscript, template"))
        continue;
      const style = getComputedStyle(box);
      const wide = box.scrollWidth - box.clientWidth > 1 && style.overflowX === "visible";
      const tall = box.scrollHeight - box.clientHeight > 2 && style.overflowY === "visible";
      if (wide || tall) {
        problems.push(
          `text overflows its box (${wide ? `${box.scrollWidth}>${box.clientWidth}px wide` : `${box.scrollHeight}>${box.clientHeight}px tall`}): ${describe(box)}`,
        );
      }
    }

    // 3. Controls on top of each other. With a dialog or menu open only its own controls count:
    // the rest of the page lies under the overlay, inert.
    const layers = [...document.querySelectorAll("[role=dialog], [role=alertdialog], [role=menu]")].filter(
      shown,
    );
    const scope: ParentNode = layers.at(-1) ?? document;
    const controls = [
      ...scope.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox], [role=switch], [role=combobox], [role=menuitem]",
      ),
    ]
      .filter((el) => shown(el) && getComputedStyle(el).pointerEvents !== "none" && !clippedAway(el))
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      // One-pixel boxes are visually hidden form inputs mirroring a visible control.
      .filter(({ rect }) => rect.width > 1 && rect.height > 1);
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i];
        const b = controls[j];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (w > 1 && h > 1) problems.push(`controls overlap: ${describe(a.el)} and ${describe(b.el)}`);
      }
    }
    return problems;
  });
}

/**
 * axe on the page as it is: every WCAG A/AA violation, and every serious or critical one of the
 * other rules (as tests/e2e/shell-helpers.ts does for single pages).
 */
export async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(
      (v) =>
        v.tags.some((tag) => /^wcag2\d*a{1,2}$/.test(tag)) ||
        v.impact === "serious" ||
        v.impact === "critical",
    )
    .map((v) => `axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
