import { SearchPanel } from '../../features/search/components/search-panel';

/** The header search box with its results panel (spec §2), built in features/search. */
export function SearchBox() {
  return <SearchPanel />;
}
