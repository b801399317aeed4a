import type { Page } from '@playwright/test';

/**
 * Elements matching `selector` whose text reads under 4.5:1 against what is behind it (WCAG 2 contrast
 * of the computed colours; a see-through background is laid over the ancestors' until one is opaque).
 */
export async function lowContrast(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a: css.startsWith('rgba') ? a : 1 };
    };
    const over = (top: ReturnType<typeof rgba>, under: ReturnType<typeof rgba>) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    const background = (el: Element | null): ReturnType<typeof rgba> => {
      if (!el) return { r: 255, g: 255, b: 255, a: 1 };
      const own = rgba(getComputedStyle(el).backgroundColor);
      return own.a >= 1 ? own : over(own, background(el.parentElement));
    };
    const luminance = ({ r, g, b }: ReturnType<typeof rgba>) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const back = background(el);
        const text = over(rgba(getComputedStyle(el).color), back);
        const [light, dark] = [luminance(text), luminance(back)].sort((a, b) => b - a);
        return { text: el.textContent ?? '', ratio: (light! + 0.05) / (dark! + 0.05) };
      })
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ text, ratio }) => `“${text}” ${ratio.toFixed(2)}:1`);
  }, selector);
}

/**
 * Controls anywhere on the screen smaller than a gloved fingertip (44 px) either way. A control that
 * is drawn by its label (a visually hidden radio or checkbox) is measured by that label.
 */
export async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="menuitem"]';
    return (
      Array.from(document.querySelectorAll<HTMLElement>(selector))
        .map((el) => {
          const hidden = el instanceof HTMLInputElement && getComputedStyle(el).opacity === '0';
          return { el, target: hidden ? (el.closest('label') ?? el.labels?.[0] ?? el) : el };
        })
        .filter(
          ({ target }) =>
            target.getClientRects().length > 0 && getComputedStyle(target).visibility !== 'hidden',
        )
        .map(({ el, target }) => ({ el, box: target.getBoundingClientRect() }))
        // One pixel or less: visually hidden, reached through another control (a file picker's input).
        .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 44 || box.height < 44))
        .map(
          ({ el, box }) =>
            `${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName}: ${Math.round(box.width)}x${Math.round(box.height)}`,
        )
    );
  });
}

/**
 * Controls whose words do not fit: the control, or an element inside it, hides text it cannot show
 * (an ellipsis, or overflow clipped). Longer languages find these first; the pseudo-locale finds them
 * before any translator.
 */
export async function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, [role="button"], [role="tab"], [role="menuitem"], label';
    const clipped = (el: Element) => {
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      return hides && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim().length > 0;
    };
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => clipped(el) || Array.from(el.querySelectorAll('*')).some(clipped))
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  });
}

/**
 * Parts of `selector` (the header) whose content is wider than they are: a row of links that runs
 * under the next group shows no scroll bar, yet its last link is covered.
 */
export async function overflowingParts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...root.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).display.includes('flex'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? ` "${el.getAttribute('aria-label')}"` : ''}: ${el.scrollWidth} in ${el.clientWidth}`,
        ),
    ),
  );
}
