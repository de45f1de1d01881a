import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

type NumberFieldProps = Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'prefix'
> & {
  /** The number, or '' while the box is empty (or holds what is not a number yet). */
  value: number | '';
  onChange: (value: number | '') => void;
  min?: number;
  max?: number;
  /** What the arrow keys and spin buttons add; without it whole numbers. */
  step?: number;
  /** Whether a fraction may be typed (a phone then shows a decimal point on its keypad). */
  allowDecimal?: boolean;
  /** A unit shown before the number ("$"), outside what is typed. */
  prefix?: string;
  /** A unit shown after the number ("seconds"), outside what is typed. */
  suffix?: string;
};

/**
 * A number box: the browser's own number input (arrow keys and spin buttons step it, a phone shows
 * its number pad, a screen reader announces a spin button) in Mantine's field frame and styles.
 * Mantine's NumberInput formats as one types with react-number-format, ~9 kB gzipped of JavaScript
 * for what the platform does; out-of-range numbers are left as typed, for the form's schema to word.
 */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step,
  allowDecimal = false,
  prefix,
  suffix,
  ...rest
}: NumberFieldProps) {
  // What was typed, kept while it means `value`: "1.50" or "1." must not turn into "1.5" or "1" as
  // they are typed. A new `value` from outside (a reset, a loaded setting) replaces it.
  const [typed, setTyped] = useState(() => String(value));
  const shown = (typed === '' ? '' : Number(typed)) === value ? typed : String(value);
  const unit = (text: string) => (
    <Text span size="sm" c="dimmed">
      {text}
    </Text>
  );
  const width = (text: string) => `calc(${text.length}ch + 1rem)`;

  return (
    <TextInput
      {...rest}
      type="number"
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      min={min}
      max={max}
      step={step ?? (allowDecimal ? 'any' : 1)}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        onChange(text === '' ? '' : Number(text));
      }}
      leftSection={prefix === undefined ? undefined : unit(prefix)}
      leftSectionPointerEvents="none"
      leftSectionWidth={prefix === undefined ? undefined : width(prefix)}
      rightSection={suffix === undefined ? undefined : unit(suffix)}
      rightSectionPointerEvents="none"
      rightSectionWidth={suffix === undefined ? undefined : width(suffix)}
    />
  );
}
