/** What index.html makes the browser download before the app's first page renders. */
export interface InitialAssets {
  scripts: string[];
  styles: string[];
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attrs;
}

/** Module scripts, modulepreloads and stylesheets listed in index.html, as paths without the leading '/'. */
export function initialAssets(html: string): InitialAssets {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const local = (href: string) => (/^[a-z]+:\/\//i.test(href) ? undefined : href.replace(/^\.?\//, ''));
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.replace(/^<\w+/, '').replace(/\/?>$/, ''));
    if (tag.toLowerCase().startsWith('<script') && attrs.src) {
      const file = local(attrs.src);
      if (file) scripts.add(file);
    } else if (attrs.rel === 'modulepreload' && attrs.href) {
      const file = local(attrs.href);
      if (file) scripts.add(file);
    } else if (attrs.rel === 'stylesheet' && attrs.href) {
      const file = local(attrs.href);
      if (file) styles.add(file);
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}
