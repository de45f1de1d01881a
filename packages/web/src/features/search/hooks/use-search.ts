import {
  SEARCH_DEBOUNCE_MS,
  type SearchResult,
  canSubmitSearch,
  shouldAutoSearch,
} from '@powerdeck/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchSearch, searchKeys } from '../api/search';

export interface SearchState {
  text: string;
  /** What the results were asked for: the submitted keyword or the suggestion keyword. */
  keyword: string;
  results: SearchResult | undefined;
  loading: boolean;
  /** A failed search (Enter or the button); failed suggestions stay silent (spec §8). */
  error: string | null;
  /** Whether there is anything to show under the box (an empty box hides results). */
  visible: boolean;
  setText(text: string): void;
  submit(): void;
  clear(): void;
}

const SEARCH_FAILED = 'Something went wrong. Please try again.';

/**
 * The search panel's state (spec §2, §5): suggestions at 3 or more characters, debounced
 * 150 ms; Enter or the button searches with at least 1 character; typing again returns to
 * suggestions.
 */
export function useSearch(): SearchState {
  const [text, setTextState] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const suggesting = submitted === null && shouldAutoSearch(debounced);

  const suggestions = useQuery({
    queryKey: searchKeys.query('autosuggest', debounced),
    queryFn: ({ signal }) => fetchSearch('autosuggest', debounced, signal),
    enabled: suggesting,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
  const search = useQuery({
    queryKey: searchKeys.query('search', submitted ?? ''),
    queryFn: ({ signal }) => fetchSearch('search', submitted ?? '', signal),
    enabled: submitted !== null,
    retry: false,
    staleTime: 30_000,
  });

  const searching = submitted !== null;
  const results = searching
    ? search.data
    : shouldAutoSearch(trimmed) && suggesting && !suggestions.isError
      ? suggestions.data
      : undefined;
  const error =
    searching && search.isError
      ? search.error.message.trim() !== ''
        ? search.error.message
        : SEARCH_FAILED
      : null;
  const loading = searching
    ? search.isFetching
    : shouldAutoSearch(trimmed) && suggestions.isFetching;

  return {
    text,
    keyword: searching ? submitted : debounced,
    results,
    loading,
    error,
    visible: trimmed !== '' && (results !== undefined || error !== null),
    setText(next) {
      setTextState(next);
      setSubmitted(null);
    },
    submit() {
      if (!canSubmitSearch(text)) return;
      if (submitted === trimmed) void search.refetch();
      else setSubmitted(trimmed);
    },
    clear() {
      setTextState('');
      setSubmitted(null);
    },
  };
}
