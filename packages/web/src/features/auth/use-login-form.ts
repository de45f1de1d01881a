import type { LoginInput } from '@powerdeck/domain';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Field = keyof LoginInput;
type Messages = Partial<Record<Field, string>>;

const loadSchema = async () => (await import('./login-validation')).signInSchema;

/**
 * The sign-in form's two fields without a form library, so the first page stays small (issue 18).
 * It behaves like the console's other forms (react-hook-form, mode 'all'): every change and every
 * leaving of a field checks the form with the shared schema, loaded on the first check; a field's
 * message shows once the field was left or the form submitted; a valid submit hands over the
 * schema's output.
 */
export function useLoginForm(onValid: (input: LoginInput) => void) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    email: false,
    password: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [messages, setMessages] = useState<Messages>({});
  const lastCheck = useRef(0);

  async function check(next: LoginInput) {
    const run = ++lastCheck.current;
    const result = (await loadSchema()).safeParse(next);
    // an older check finishing late must not show messages for values no longer there
    if (run === lastCheck.current) {
      const found: Messages = {};
      for (const issue of result.success ? [] : result.error.issues) {
        const name = issue.path[0] as Field;
        found[name] ??= issue.message;
      }
      setMessages(found);
    }
    return result;
  }

  function field(name: Field) {
    return {
      name,
      value: values[name],
      onChange(event: ChangeEvent<HTMLInputElement>) {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        void check(next);
      },
      onBlur() {
        setTouched((was) => ({ ...was, [name]: true }));
        void check(values);
      },
      error: touched[name] || submitted ? messages[name] : undefined,
    };
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    void check(values).then((result) => {
      if (result.success) onValid(result.data);
    });
  }

  return { field, onSubmit };
}
