import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A field's message once the user has left the field or tried to submit (spec §5). Forms run with
 * mode 'all' so a field is checked on every change and on leaving it.
 */
export function fieldError<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  name: FieldPath<T>,
): string | undefined {
  const { error, isTouched } = form.getFieldState(name, form.formState);
  return isTouched || form.formState.isSubmitted ? error?.message : undefined;
}
