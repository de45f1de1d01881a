import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle as compose } from './page-title';
import { useBrand } from './public-config';

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
