// Writing numbers and text into the SVG and HTML the images are drawn in.

/** A coordinate with one decimal: enough for the eye, and short markup. */
export const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
/** Escape text for HTML content and attribute values. */
export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
