import { messages, type SearchResult } from '@powerdeck/domain';
import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  clientResultPath,
  deviceResultPath,
  locationResultPath,
  outletResultPath,
} from '../search-navigation';
import { HighlightedText } from './highlighted-text';
import classes from './search-results.module.css';

export interface SearchResultsProps {
  results: SearchResult;
  keyword: string;
  /** A result was chosen: its display name and location (null for a client). */
  onChoose: (name: string, locationId: string | null) => void;
  /** The panel's arrow and Escape keys, on each result. */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

function Group({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <section aria-label={title}>
      <Text className={classes.groupTitle}>{title}</Text>
      <ul className={classes.list}>{children}</ul>
    </section>
  );
}

function Item(props: {
  to: string;
  primary: ReactNode;
  secondary: ReactNode;
  onClick: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  return (
    <li>
      <UnstyledButton
        component={Link}
        to={props.to}
        className={classes.item}
        data-search-item
        onClick={props.onClick}
        onKeyDown={props.onKeyDown}
      >
        <Text size="sm" fw={500} lineClamp={1}>
          {props.primary}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {props.secondary}
        </Text>
      </UnstyledButton>
    </li>
  );
}

/** The grouped results of spec §2: Locations, Devices, Outlets, Clients, the keyword marked. */
export function SearchResults({ results, keyword, onChoose, onKeyDown }: SearchResultsProps) {
  const { locations, devices, outlets, clients } = results;
  if (locations.length + devices.length + outlets.length + clients.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md" role="status">
        {messages.noResults}
      </Text>
    );
  }
  const mark = (text: string) => <HighlightedText text={text} keyword={keyword} />;
  return (
    <Stack gap={4} py={4}>
      <Group title="Locations">
        {locations.map((l) => (
          <Item
            key={l.locationId}
            to={locationResultPath(l)}
            primary={mark(l.locationName)}
            secondary={l.clientName ?? 'N/A'}
            onKeyDown={onKeyDown}
            onClick={() => onChoose(l.locationName, l.locationId)}
          />
        ))}
      </Group>
      <Group title="Devices">
        {devices.map((d) => (
          <Item
            key={d.devId}
            to={deviceResultPath(d)}
            primary={mark(d.deviceName || d.devId)}
            secondary={
              <>
                {mark(d.devId)} · {d.devClass.toUpperCase()} · {d.locationName}
              </>
            }
            onKeyDown={onKeyDown}
            onClick={() => onChoose(d.deviceName || d.devId, d.locationId)}
          />
        ))}
      </Group>
      <Group title="Outlets">
        {outlets.map((o) => (
          <Item
            key={o.devId}
            to={outletResultPath(o, keyword)}
            primary={Object.entries(o.outlets).map(([otlt, label], i) => (
              <span key={otlt}>
                {i > 0 && ', '}
                <span className={classes.outletNo}>Outlet {otlt}: </span>
                {mark(label)}
              </span>
            ))}
            secondary={`${o.deviceName || o.devId} · ${o.locationName}`}
            onKeyDown={onKeyDown}
            onClick={() => onChoose(o.deviceName || o.devId, o.locationId)}
          />
        ))}
      </Group>
      <Group title="Clients">
        {clients.map((c) => (
          <Item
            key={c.clientId}
            to={clientResultPath(c)}
            primary={mark(c.clientName)}
            secondary={c.clientEmail ?? ''}
            onKeyDown={onKeyDown}
            onClick={() => onChoose(c.clientName, null)}
          />
        ))}
      </Group>
    </Stack>
  );
}
