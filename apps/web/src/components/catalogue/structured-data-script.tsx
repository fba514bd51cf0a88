import { jsonForScript } from '@bosphorus/contract';
import type { StructuredData } from './structured-data';

/**
 * A detail page's schema.org description (structured-data.ts) as a JSON-LD
 * data block in the page: a `<script>` of a type no browser runs, so the CSP
 * (no inline script) has nothing to refuse. Its text is escaped for inside a
 * script element (jsonForScript: a title or description with `</script>`
 * cannot end it early).
 */
export function StructuredDataScript({ data }: { data: StructuredData }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(JSON.stringify(data)) }} />
  );
}
