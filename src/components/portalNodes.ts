/**
 * Mantine's portal nodes: children of the body, where it draws dialogs, drawers, menus and the notices
 * (one shared node unless a component asks for its own); the page is everything else in the body.
 * Overlays are looked for here, never in the whole page (AppProviders.module.css asks `:has()` of these
 * nodes alone: asked of the body, it walked the page at every style change of the notices).
 */
export const PORTAL_NODE = '[data-portal]';

export function isPortalNode(node: Element): boolean {
  return node.matches(PORTAL_NODE);
}

export function portalNodes(): Element[] {
  return [...document.body.children].filter(isPortalNode);
}

/** The elements matching `selector` in Mantine's portal nodes. */
export function inPortals(selector: string): Element[] {
  return portalNodes().flatMap((portal) => [...portal.querySelectorAll(selector)]);
}
