import {
  PasswordInput,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { fieldError } from './field-error';

/** What binds one input to a react-hook-form field: its value, its rules, and its message. */
interface Bound<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  name: Path<T>;
  rules?: RegisterOptions<T, Path<T>>;
}

type Unbound<P> = Omit<P, 'form' | 'name' | 'error' | 'value' | 'onChange' | 'onBlur'>;

/** A Mantine TextInput registered on `form` under `name`, showing that field's message. */
export function FormTextInput<T extends FieldValues, C, O>({
  form,
  name,
  rules,
  ...input
}: Bound<T, C, O> & Unbound<TextInputProps>) {
  return <TextInput {...input} {...form.register(name, rules)} error={fieldError(form, name)} />;
}

/** A Mantine PasswordInput registered on `form` under `name`, showing that field's message. */
export function FormPasswordInput<T extends FieldValues, C, O>({
  form,
  name,
  rules,
  ...input
}: Bound<T, C, O> & Unbound<PasswordInputProps>) {
  return (
    <PasswordInput {...input} {...form.register(name, rules)} error={fieldError(form, name)} />
  );
}

/** The required `email` field (sign-up, reset request, change of e-mail). */
export function EmailField<T extends FieldValues & { email: string }, C, O>({
  form,
  label = 'Email',
  autoComplete = 'email',
}: {
  form: UseFormReturn<T, C, O>;
  label?: string;
  autoComplete?: string;
}) {
  return (
    <FormTextInput
      form={form}
      name={'email' as Path<T>}
      label={label}
      type="email"
      autoComplete={autoComplete}
      required
    />
  );
}

/** The required `currentPassword` field that confirms a change to the account. */
export function CurrentPasswordField<T extends FieldValues & { currentPassword: string }, C, O>({
  form,
}: {
  form: UseFormReturn<T, C, O>;
}) {
  return (
    <FormPasswordInput
      form={form}
      name={'currentPassword' as Path<T>}
      label="Current password"
      autoComplete="current-password"
      required
    />
  );
}

/**
 * A new password and its confirmation (`password`, `passwordConfirm`). Changing the password
 * re-checks the confirmation, so "do not match" appears and clears as either one is typed.
 */
export function NewPasswordFields<
  T extends FieldValues & { password: string; passwordConfirm: string },
  C,
  O,
>({
  form,
  label = 'New password',
  confirmLabel = 'Confirm new password',
}: {
  form: UseFormReturn<T, C, O>;
  label?: string;
  confirmLabel?: string;
}) {
  const password = 'password' as Path<T>;
  const passwordConfirm = 'passwordConfirm' as Path<T>;
  return (
    <>
      <FormPasswordInput
        form={form}
        name={password}
        rules={{ deps: [passwordConfirm] }}
        label={label}
        autoComplete="new-password"
        description="At least 8 characters"
        required
      />
      <FormPasswordInput
        form={form}
        name={passwordConfirm}
        label={confirmLabel}
        autoComplete="new-password"
        required
      />
    </>
  );
}
