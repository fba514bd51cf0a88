import { Link } from 'react-router';
import { isSafePageHref, type PageBlock, type PageInline } from '@bosphorus/contract';

// Renders a page's blocks as React elements only: every text is a text
// node, a link only when its target is one of ours, mailto: or https:
// (checked again here, whatever the server sent). No HTML is ever injected.

function Inline({ parts }: { parts: PageInline[] }) {
  return (
    <>
      {parts.map((part, i) => {
        if (!part.href || !isSafePageHref(part.href)) return <span key={i}>{part.text}</span>;
        if (part.href.startsWith('/')) {
          return (
            <Link key={i} to={part.href} className="policy__link">
              {part.text}
            </Link>
          );
        }
        return (
          <a key={i} href={part.href} className="policy__link" rel="noopener noreferrer">
            {part.text}
          </a>
        );
      })}
    </>
  );
}

export function PageBlocks({ blocks }: { blocks: PageBlock[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        if (block.type === 'heading') {
          return block.level === 2 ? <h2 key={i}>{block.text}</h2> : <h3 key={i}>{block.text}</h3>;
        }
        if (block.type === 'paragraph') {
          return (
            <p key={i}>
              <Inline parts={block.content} />
            </p>
          );
        }
        const items = block.items.map((item, j) => (
          <li key={j}>
            <Inline parts={item} />
          </li>
        ));
        return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
      })}
    </>
  );
}
