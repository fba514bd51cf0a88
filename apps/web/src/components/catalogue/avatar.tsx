import { useState } from 'react';
import { initialsOf } from './format';

/**
 * A round photo (rendered size set by CSS; `size` is the intrinsic size), or the person's initials when there is none or it fails to
 * load (an external avatar address may be refused by the page's CSP).
 */
export function Avatar({
  name,
  src,
  size,
  className = '',
}: {
  name: string;
  src: string;
  size: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={`person-avatar person-avatar--initials ${className}`} aria-hidden="true">
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      className={`person-avatar ${className}`}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
