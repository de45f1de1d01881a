import { z } from 'zod';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SEARCH_SUBMIT_MIN_CHARS } from '../constants';
import { validationMessages } from './validation-messages';

/** Suggestions and auto-search run at 3 or more characters (spec §5). */
export function shouldAutoSearch(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_CHARS;
}

/** Enter or the search button searches with at least 1 character. */
export function canSubmitSearch(text: string): boolean {
  return text.trim().length >= SEARCH_SUBMIT_MIN_CHARS;
}

/** `searchManagement` query: req=search needs 1 character, req=autosuggest 3; at most 100. */
export const searchQuerySchema = z.discriminatedUnion('req', [
  z.object({
    req: z.literal('search'),
    keyword: z
      .string()
      .trim()
      .min(SEARCH_SUBMIT_MIN_CHARS, validationMessages.searchEmpty)
      .max(SEARCH_MAX_CHARS, validationMessages.searchTooLong),
  }),
  z.object({
    req: z.literal('autosuggest'),
    keyword: z
      .string()
      .trim()
      .min(SEARCH_MIN_CHARS, validationMessages.searchTooShort)
      .max(SEARCH_MAX_CHARS, validationMessages.searchTooLong),
  }),
]);
export type SearchQuery = z.infer<typeof searchQuerySchema>;
