// What a stylesheet gives an element at a viewport width, for the tests of
// the stylesheets we generate (build/carousel-layout.ts). happy-dom parses a
// sheet and matches selectors, but its computed style follows neither the
// media queries at a changed width nor the inheritance of custom
// properties, so the cascade is done here, for what those sheets hold:
// style rules at the top or in @media blocks of min-width and max-width.

/** A stylesheet parsed by the test document's own CSS parser. */
export function parseSheet(text: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet;
}

function mediaMatches(mediaText: string, widthPx: number): boolean {
  return mediaText.split(/\s+and\s+/).every((feature) => {
    const found = /^\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)$/.exec(feature.trim());
    if (!found) throw new Error(`cssValueAt reads min-width and max-width only, not '${feature}'`);
    const limit = Number(found[2]);
    return found[1] === 'min' ? widthPx >= limit : widthPx <= limit;
  });
}

/** Classes, attributes and pseudo-classes (a :not() counting its argument) before type selectors; no ids. */
function specificity(selector: string): number {
  if (/[#,]/.test(selector)) throw new Error(`cssValueAt takes one selector without ids, not '${selector}'`);
  const bare = selector
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/:not\(([^)]*)\)/g, '$1')
    .replace(/\([^)]*\)/g, '');
  const classLike = (bare.match(/\.[\w-]+|\[\]|:[\w-]+/g) ?? []).length;
  const types = (bare.match(/(?:^|[\s>+~])[a-z][\w-]*/gi) ?? []).length;
  return classLike * 1000 + types;
}

interface Found {
  specificity: number;
  value: string;
}

/**
 * The value `sheet` gives `property` on `element` at a viewport `widthPx`
 * wide: the matching declaration of the highest specificity, the last of
 * those; a custom property not set on the element is its parent's. '' when
 * the sheet sets none.
 */
export function cssValueAt(sheet: CSSStyleSheet, element: Element, property: string, widthPx: number): string {
  let best: Found | null = null;
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ('media' in rule && 'cssRules' in rule) {
        if (mediaMatches((rule as CSSMediaRule).media.mediaText, widthPx)) visit((rule as CSSMediaRule).cssRules);
        continue;
      }
      if (!('selectorText' in rule)) throw new Error(`cssValueAt reads style and @media rules only: ${rule.cssText}`);
      const style = rule as CSSStyleRule;
      const value = style.style.getPropertyValue(property).trim();
      if (!value || !element.matches(style.selectorText)) continue;
      const found = { specificity: specificity(style.selectorText), value };
      if (!best || found.specificity >= best.specificity) best = found;
    }
  };
  visit(sheet.cssRules);
  const value = (best as Found | null)?.value ?? '';
  if (value || !property.startsWith('--') || !element.parentElement) return value;
  return cssValueAt(sheet, element.parentElement, property, widthPx);
}
