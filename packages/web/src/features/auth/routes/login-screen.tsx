import type { SessionUser } from '@powerdeck/domain';
import {
  type ChangeEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { pageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { serverErrorText } from '../../../lib/server-error-text';
import { login } from '../api/login';
import { useLoginForm } from '../use-login-form';
import classes from './login-screen.module.css';

export interface LoginScreenProps {
  /** The public configuration's brand (spec §9). */
  brand: string;
  /** Demo mode: the screen points to the outbox of e-mails the server "sent". */
  demo: boolean;
  /** Called with the signed-in user once the server accepted the credentials. */
  onSignedIn: (user: SessionUser) => void;
  /** Opens another page of the console (the links' plain clicks). */
  onNavigate: (path: string) => void;
}

/**
 * The sign-in page (spec §8) in plain React elements, without Mantine, react-query or the router,
 * so a first visit of /login loads only React besides it (issue 18: ≤ 120 kB of JavaScript). The
 * entry shows it for a signed-out visitor; the router's /login route (login-page.tsx) shows it in
 * the loaded console. It looks as the Mantine page did (login-screen.module.css).
 */
export function LoginScreen({ brand, demo, onSignedIn, onNavigate }: LoginScreenProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useLoginForm((input) => {
    setPending(true);
    setError(null);
    login(input).then(
      ({ user }) => onSignedIn(user),
      (failure: unknown) => {
        setError(failure);
        setPending(false);
      },
    );
  });

  useEffect(() => {
    document.title = pageTitle('Sign in', brand);
  }, [brand]);

  const link = (to: string, text: string, className = classes.link) => (
    <a href={to} className={className} onClick={(event) => followLink(event, to, onNavigate)}>
      {text}
    </a>
  );

  return (
    <div className={classes.page}>
      <div className={classes.column}>
        <p className={classes.brand}>
          <span className={classes.mark} aria-hidden="true">
            <BoltIcon />
          </span>
          {brand}
        </p>
        <div className={classes.card}>
          <h1 className={classes.title}>Sign in</h1>
          <form onSubmit={form.onSubmit} noValidate>
            <div className={classes.stack}>
              {error !== null && (
                <div className={classes.alert} role="alert">
                  <AlertIcon />
                  <p className={classes.alertText}>{serverErrorText(error)}</p>
                </div>
              )}
              <Field {...form.field('email')} label="Email" type="email" autoComplete="username" />
              <Field
                {...form.field('password')}
                label="Password"
                type="password"
                autoComplete="current-password"
              />
              <div className={classes.end}>
                <span className={classes.small}>
                  {link(paths.forgotPassword, 'Forgot password?')}
                </span>
              </div>
              <button
                type="submit"
                className={classes.button}
                disabled={pending}
                data-loading={pending || undefined}
              >
                <span className={classes.buttonLabel}>Sign in</span>
                {pending && <span className={classes.spinner} aria-hidden="true" />}
              </button>
              <p className={`${classes.small} ${classes.centered}`}>
                New here? {link(paths.signup, 'Sign up')}
              </p>
              {demo && (
                <p className={classes.note}>
                  Demo mode: e-mails the server sends are in the {link(paths.outbox, 'outbox')}.
                </p>
              )}
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}

/** A plain left click opens the page in the console; other clicks do what the browser does. */
function followLink(event: MouseEvent, to: string, onNavigate: (path: string) => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  onNavigate(to);
}

interface FieldProps {
  name: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/** A required labelled input with its message, named and described as Mantine's inputs are. */
function Field({ label, type, error, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const isPassword = type === 'password';
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      <div
        className={classes.control}
        data-error={error ? true : undefined}
        data-with-toggle={isPassword || undefined}
      >
        <input
          {...input}
          id={id}
          className={classes.input}
          type={isPassword && visible ? 'text' : type}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {isPassword && (
          <button
            type="button"
            className={classes.toggle}
            tabIndex={-1}
            aria-label="Toggle password visibility"
            aria-pressed={visible}
            // the field keeps focus (and the caret) while the toggle is pressed
            onMouseDown={(event) => {
              event.preventDefault();
              setVisible((was) => !was);
            }}
            onKeyDown={(event) => {
              if (event.key === ' ' || event.key === 'Enter') {
                event.preventDefault();
                setVisible((was) => !was);
              }
            }}
          >
            <EyeIcon crossed={visible} />
          </button>
        )}
      </div>
      {error && (
        <p className={classes.error} id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

function Svg({ children, size, viewBox }: { children: ReactNode; size?: number; viewBox: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** Tabler's bolt, the logo mark of components/logo.tsx. */
function BoltIcon() {
  return (
    <Svg size={18.2} viewBox="0 0 24 24">
      <path strokeWidth={2} d="M13 3l0 7l6 0l-8 11l0 -7l-6 0l8 -11" />
    </Svg>
  );
}

/** Tabler's alert-circle, the icon of components/server-error.tsx. */
function AlertIcon() {
  return (
    <span className={classes.alertIcon}>
      <Svg size={20} viewBox="0 0 24 24">
        <path strokeWidth={2} d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0" />
        <path strokeWidth={2} d="M12 8v4" />
        <path strokeWidth={2} d="M12 16h.01" />
      </Svg>
    </span>
  );
}

/** Mantine's PasswordInput eye: open while the password is hidden, crossed while shown. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Svg viewBox="0 0 256 256">
      {crossed ? (
        <>
          <path
            strokeWidth={16}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            strokeWidth={16}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path
            strokeWidth={16}
            d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"
          />
          <circle cx="128" cy="128" r="40" strokeWidth={16} />
        </>
      )}
    </Svg>
  );
}
