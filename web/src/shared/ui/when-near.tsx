import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once their place comes near the screen (or at once where the browser cannot
 * tell). Until then the place keeps `minHeight`, so nothing below it moves when they appear. For
 * content below the first screen whose code and data the first screen should not wait for.
 */
export function WhenNear({ children, minHeight, margin = '400px' }: { children: ReactNode; minHeight: number; margin?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    <div ref={place} style={near ? undefined : { minHeight }}>
      {near && children}
    </div>
  );
}
