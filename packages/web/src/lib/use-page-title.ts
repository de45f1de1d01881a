import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useBrand } from './public-config';

function compose(title: string | undefined, brand: string): string {
  return title ? `${title} | ${brand}` : brand;
}

/**
 * Names the browser tab after the page. The title falls back to the brand when a page gives
 * none (spec §9): DocumentTitleDefault resets it on every navigation, and because it renders
 * before the routes its effect runs first, so a page's own title always wins.
 */
export function usePageTitle(title?: string): void {
  const brand = useBrand();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = compose(title, brand);
  }, [title, brand, pathname]);
}

export function DocumentTitleDefault() {
  usePageTitle();
  return null;
}
