import { Group, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export interface SegmentedInputProps {
  /** Accessible name of the group; each box is "{label} part n". */
  label: string;
  /** Characters per box (2 for the MAC, 4 for the challenge key). */
  size: number;
  values: readonly string[];
  /** Characters a box accepts; others are dropped as they are typed or pasted. */
  allowed: RegExp;
  onChange: (index: number, value: string) => void;
  /** Focus left the whole group (not just one box for the next). */
  onBlur?: () => void;
  /** Separator drawn between boxes. */
  separator?: string;
  invalid?: boolean;
  disabled?: boolean;
}

const clean = (text: string, allowed: RegExp) =>
  [...text]
    .filter((c) => allowed.test(c))
    .join('')
    .toUpperCase();

/**
 * A value typed in fixed-size boxes (spec §5 MAC 6×2, challenge key 3×4): a full box moves on to
 * the next, Backspace in an empty box goes back, and a pasted whole value fills the boxes.
 */
export function SegmentedInput(props: SegmentedInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const { size, values, allowed } = props;
  const focus = (index: number) => {
    const box = refs.current[index];
    box?.focus();
    box?.select();
  };

  const handleChange = (index: number, raw: string) => {
    const value = clean(raw, allowed);
    if (value.length > size) {
      // typed or dropped past the box: spread over the following boxes
      spread(index, value);
      return;
    }
    props.onChange(index, value);
    if (value.length === size && index < values.length - 1) focus(index + 1);
  };

  const spread = (from: number, text: string) => {
    let index = from;
    for (let at = 0; at < text.length && index < values.length; at += size, index++) {
      props.onChange(index, text.slice(at, at + size));
    }
    focus(Math.min(index, values.length - 1));
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = clean(event.clipboardData.getData('text'), allowed);
    if (text.length <= size) return;
    event.preventDefault();
    // a whole value (e.g. 10:65:A3:C0:DE:01) pasted in any box starts at the first box
    spread(text.length >= size * values.length ? 0 : index, text);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    if (event.key === 'Backspace' && box.value === '' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && box.selectionStart === 0 && index > 0) {
      focus(index - 1);
    } else if (
      event.key === 'ArrowRight' &&
      box.selectionStart === box.value.length &&
      index < values.length - 1
    ) {
      focus(index + 1);
    }
  };

  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={props.label}>
      {values.map((value, index) => (
        <Group key={index} gap={6} wrap="nowrap">
          {index > 0 && props.separator && (
            <span aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }}>
              {props.separator}
            </span>
          )}
          <TextInput
            ref={(el) => {
              refs.current[index] = el;
            }}
            aria-label={`${props.label} part ${index + 1}`}
            value={value}
            disabled={props.disabled}
            error={props.invalid}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => handleChange(index, event.currentTarget.value)}
            onPaste={(event) => handlePaste(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onBlur={(event) => {
              // leaving one box for the next is still editing; leaving the group is a touch
              const next = event.relatedTarget;
              if (!(
                next instanceof Node && event.currentTarget.closest('[role=group]')?.contains(next)
              )) {
                props.onBlur?.();
              }
            }}
            styles={{
              input: {
                width: `calc(${size}ch + 24px)`,
                textAlign: 'center',
                fontFamily: 'var(--mantine-font-family-monospace)',
                textTransform: 'uppercase',
                paddingInline: 6,
              },
            }}
          />
        </Group>
      ))}
    </Group>
  );
}
