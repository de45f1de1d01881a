import { Stack, Text } from '@mantine/core';
import { SegmentedInput, type SegmentedInputProps } from './segmented-input';

export interface SegmentedCodeInputProps extends Omit<SegmentedInputProps, 'invalid'> {
  /** The message shown under the boxes; the boxes are marked invalid while there is one. */
  error?: string;
}

/** A code typed in boxes (MAC ID, challenge key) with its visible label and its message. */
export function SegmentedCodeInput({ error, ...input }: SegmentedCodeInputProps) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {input.label}
      </Text>
      <SegmentedInput {...input} invalid={error !== undefined} />
      {error !== undefined && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
