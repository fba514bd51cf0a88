import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOME_ANSWER_ELEMENT_ID, HOME_SHELL_END, HOME_SHELL_START } from '@bosphorus/contract';
import { allowInlineStyle, documentFor, inlineStyleSource, jsonForScript } from './web.js';

// The page shell's server side (decision 0060, 0061): the home part of the
// shell on home only, the visitor's home answer as inert JSON data, and the
// shell's one <style> allowed by its hash.

const TEMPLATE = `<!doctype html><html><head><!--app-head--><style>.a{color:red}</style></head><body>
<div id="root"><header>H</header>${HOME_SHELL_START}<main>skeletons</main>${HOME_SHELL_END}</div>
<link rel="stylesheet" href="/assets/index-x.css">
<script src="/assets/startup-x.js"></script></body></html>`;

/** The text of the home answer element, as the browser's parser would end it. */
function dataElement(html: string): string | null {
  const open = `<script type="application/json" id="${HOME_ANSWER_ELEMENT_ID}">`;
  const at = html.indexOf(open);
  if (at === -1) return null;
  const from = at + open.length;
  // An HTML parser ends a script element at the first "</script" (any case).
  const end = html.toLowerCase().indexOf('</script', from);
  return html.slice(from, end);
}

describe('jsonForScript', () => {
  it('leaves no "<" so no </script> or <!-- can end the element, and reads back the same', () => {
    const answer = { body: { title: 'A </script><script>alert(1)</script> <!-- B', line: 'x\u2028y\u2029z' } };
    const text = jsonForScript(JSON.stringify(answer));
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(answer);
  });
});

describe('documentFor', () => {
  it('keeps the home skeletons on home and writes the answer after #root, before the stylesheet', () => {
    const answer = JSON.stringify({ body: { sliders: [{ title: '</SCRIPT></script>"<b>' }] } });
    const html = documentFor(TEMPLATE, { head: '<title>T</title>', home: true, homeAnswer: answer });
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<main>skeletons</main>');
    expect(html).not.toContain(HOME_SHELL_START);
    expect(html).not.toContain(HOME_SHELL_END);
    const data = dataElement(html);
    expect(data).not.toBeNull();
    expect(JSON.parse(data!)).toEqual(JSON.parse(answer));
    expect(html.indexOf(HOME_ANSWER_ELEMENT_ID)).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html.indexOf(HOME_ANSWER_ELEMENT_ID)).toBeGreaterThan(html.indexOf('</main>'));
  });

  it('drops the home part and writes no answer on other routes', () => {
    const html = documentFor(TEMPLATE, { head: '', home: false, homeAnswer: '{"body":{}}' });
    expect(html).toContain('<div id="root"><header>H</header></div>');
    expect(html).not.toContain('skeletons');
    expect(html).not.toContain(HOME_ANSWER_ELEMENT_ID);
  });

  it('writes the answer before </body> when the page has no shell', () => {
    const plain = '<html><head><!--app-head--></head><body><div id="root"></div></body></html>';
    const html = documentFor(plain, { head: '', home: true, homeAnswer: '{"body":{"a":1}}' });
    expect(JSON.parse(dataElement(html)!)).toEqual({ body: { a: 1 } });
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('the shell style in the policy', () => {
  it('is allowed by the sha256 of its exact text, beside self', () => {
    const source = inlineStyleSource(TEMPLATE);
    const hash = createHash('sha256').update('.a{color:red}').digest('base64');
    expect(source).toBe(`'sha256-${hash}'`);
    const csp = "default-src 'self';script-src 'self';style-src 'self';img-src 'self'";
    expect(allowInlineStyle(csp, source!)).toBe(
      `default-src 'self';script-src 'self';style-src 'self' 'sha256-${hash}';img-src 'self'`,
    );
  });

  it('finds none in a page without a <style>', () => {
    expect(inlineStyleSource('<html><head></head><body></body></html>')).toBeNull();
  });
});
