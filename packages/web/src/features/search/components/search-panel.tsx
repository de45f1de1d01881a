import { messages } from '@powerdeck/domain';
import { ActionIcon, CloseButton, Loader, Paper, ScrollArea, Text, TextInput } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useSearch } from '../hooks/use-search';
import { rememberSearchClick } from '../search-navigation';
import { SearchResults } from './search-results';
import classes from './search-results.module.css';

const RESULTS_ID = 'search-results';

/**
 * The header search panel (spec §2): box, clear and search buttons, spinner, grouped results.
 * Arrow keys move through the results (Tab works too); Escape closes the panel, a click in the
 * box or an arrow key opens it again.
 */
export function SearchPanel() {
  const search = useSearch();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpen(false));
  const shown = open && search.visible;

  const items = () => [
    ...(rootRef.current?.querySelectorAll<HTMLElement>('[data-search-item]') ?? []),
  ];
  // Handled on each control of the panel (the box, its buttons, every result) rather than on the
  // wrapping div, which is no control and gets no role.
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      inputRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (!shown) {
      setOpen(true);
      return;
    }
    const list = items();
    if (list.length === 0) return;
    event.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = at === -1 ? (step === 1 ? 0 : list.length - 1) : at + step;
    if (next < 0) inputRef.current?.focus();
    else list[Math.min(next, list.length - 1)]?.focus();
  };

  return (
    <div ref={rootRef} className={classes.root}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
          search.submit();
        }}
      >
        <TextInput
          ref={inputRef}
          aria-label="Search"
          placeholder={messages.searchPlaceholder}
          type="search"
          autoComplete="off"
          aria-controls={shown ? RESULTS_ID : undefined}
          value={search.text}
          onChange={(event) => {
            search.setText(event.currentTarget.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={handleKeyDown}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSectionWidth={search.text ? 92 : 64}
          rightSection={
            <>
              {search.loading && <Loader size={14} role="status" aria-label="Searching" />}
              {search.text && (
                <CloseButton
                  size="sm"
                  aria-label="Clear search"
                  onKeyDown={handleKeyDown}
                  onClick={() => {
                    search.clear();
                    inputRef.current?.focus();
                  }}
                />
              )}
              <ActionIcon
                type="submit"
                variant="subtle"
                aria-label="Search"
                size="md"
                onKeyDown={handleKeyDown}
              >
                <IconSearch size={16} aria-hidden />
              </ActionIcon>
            </>
          }
          rightSectionPointerEvents="all"
        />
      </form>
      {shown && (
        <Paper
          id={RESULTS_ID}
          role="region"
          aria-label="Search results"
          className={classes.panel}
          shadow="md"
          withBorder
        >
          <ScrollArea.Autosize mah="min(70vh, 560px)" type="auto">
            {search.error !== null ? (
              <Text size="sm" c="red" p="md" role="alert">
                {search.error}
              </Text>
            ) : (
              search.results && (
                <SearchResults
                  results={search.results}
                  keyword={search.keyword}
                  onKeyDown={handleKeyDown}
                  onChoose={(name, locationId) => {
                    rememberSearchClick(name, locationId);
                    setOpen(false);
                  }}
                />
              )
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
    </div>
  );
}
