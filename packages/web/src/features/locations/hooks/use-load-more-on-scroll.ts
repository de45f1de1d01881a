import { useEffect } from 'react';
import { SCROLL_LOAD_THRESHOLD_PX } from '@powerdeck/domain';

/**
 * Calls `onLoadMore` when the page is scrolled to within `threshold` px of its bottom, and at
 * once when the content does not yet fill the window. `enabled` is false while a load runs and
 * after the last page, so each approach to the bottom asks for one page only.
 */
export function useLoadMoreOnScroll(
  enabled: boolean,
  onLoadMore: () => void,
  threshold = SCROLL_LOAD_THRESHOLD_PX,
): void {
  useEffect(() => {
    if (!enabled) return;
    let requested = false;
    const check = () => {
      if (requested) return;
      const bottom = window.innerHeight + window.scrollY;
      if (bottom >= document.documentElement.scrollHeight - threshold) {
        requested = true;
        onLoadMore();
      }
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, onLoadMore, threshold]);
}
