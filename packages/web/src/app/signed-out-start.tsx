import type { PublicConfig, SessionUser } from '@powerdeck/domain';
import { useEffect, useState } from 'react';
import { LoginScreen } from '../features/auth/routes/login-screen';
import { DEFAULT_BRAND } from '../lib/constants';
import { paths, readReturnPath } from '../lib/paths';
import type { ConsoleStart } from './console-start';
import classes from '../features/auth/routes/login-screen.module.css';

/** The pages a fresh load may show before the console is loaded: the sign-in page and `/`. */
export function startsAtSignIn(pathname: string): boolean {
  return pathname === paths.login || pathname === paths.root;
}

/** The router's state of the current history entry (react-router keeps it under `usr`). */
function routerState(): unknown {
  return (window.history.state as { usr?: unknown } | null)?.usr;
}

/**
 * A fresh load of the sign-in page (issue 18: its JavaScript is React and this screen only). While
 * the session check runs it shows what RedirectIfSignedIn shows; someone signed in goes on to the
 * console, which sends them where /login would; a visitor gets the sign-in screen. Signing in, or
 * following one of its links, loads the console at the page to open, with what is known so far.
 */
export function SignedOutStart({
  sessionCheck,
  configLoad,
  openConsole,
}: {
  sessionCheck: Promise<SessionUser | null>;
  configLoad: Promise<PublicConfig>;
  openConsole: (start: ConsoleStart) => void;
}) {
  const [signedOut, setSignedOut] = useState(false);
  const [config, setConfig] = useState<PublicConfig>();

  useEffect(() => {
    let live = true;
    configLoad.then(
      (loaded) => live && setConfig(loaded),
      () => undefined, // the brand's default and no demo note, as the console does
    );
    sessionCheck.then(
      (user) => {
        if (!live) return;
        if (user) openConsole({ sessionUser: user });
        else setSignedOut(true);
      },
      // as RedirectIfSignedIn: a failed check leaves the visitor on the sign-in page
      () => live && setSignedOut(true),
    );
    return () => {
      live = false;
    };
  }, [sessionCheck, configLoad, openConsole]);

  if (!signedOut) {
    return (
      <div className={classes.page}>
        <div className={classes.loading} role="status" aria-live="polite">
          <span className={classes.spinner} aria-hidden="true" />
          Loading...
        </div>
      </div>
    );
  }
  return (
    <LoginScreen
      brand={config?.brand || DEFAULT_BRAND}
      demo={config?.demo ?? false}
      onSignedIn={(user) => {
        window.history.replaceState(null, '', readReturnPath(routerState()));
        openConsole({ sessionUser: user, publicConfig: config });
      }}
      onNavigate={(path) => {
        window.history.pushState(null, '', path);
        openConsole({ sessionUser: null, publicConfig: config });
      }}
    />
  );
}
