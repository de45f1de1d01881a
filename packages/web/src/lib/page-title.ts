/** The browser tab's text: the page's title and the brand, or the brand alone (spec §9). */
export function pageTitle(title: string | undefined, brand: string): string {
  return title ? `${title} | ${brand}` : brand;
}
