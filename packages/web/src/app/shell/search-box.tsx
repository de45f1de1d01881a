import { ActionIcon, CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The header search box (spec §2 search panel). Results, suggestions and the spinner arrive
 * with the search issue; the box, its clear button and its search button are here now.
 */
export function SearchBox({ onSearch }: { onSearch?: (keyword: string) => void }) {
  const [keyword, setKeyword] = useState('');

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (keyword.trim().length >= 1) onSearch?.(keyword.trim());
      }}
      style={{ flex: 1, maxWidth: 520, minWidth: 0 }}
    >
      <TextInput
        aria-label="Search"
        placeholder="Search"
        type="search"
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSectionWidth={keyword ? 64 : 36}
        rightSection={
          <>
            {keyword && (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => setKeyword('')} />
            )}
            <ActionIcon type="submit" variant="subtle" aria-label="Search" size="md">
              <IconSearch size={16} aria-hidden />
            </ActionIcon>
          </>
        }
        rightSectionPointerEvents="all"
      />
    </form>
  );
}
