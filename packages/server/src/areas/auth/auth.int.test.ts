import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../demo/builders';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../infra/db/schema';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { type TestApp, TEST_ORIGIN, cookieHeader, path, startTestApp } from '../../test/test-app';

const PASSWORD = 'correct horse battery';

describe.each(testDatabases())('sign-in and accounts on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address limit only bites where tested. */
  const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database);
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  async function createUser(
    email: string,
    verified = true,
    tier: 'STANDARD' | 'SUPPORT' = 'STANDARD',
  ) {
    const passwordHash = await t.passwords.hash(PASSWORD);
    const row = buildUser({
      email,
      passwordHash,
      firstName: 'Ada',
      lastName: 'Lovelace',
      tier,
      emailVerifiedAt: verified ? new Date() : null,
    });
    await opened.database.db.insert(users).values(row);
    return row;
  }

  const post = (svc: string, payload: object, headers: Record<string, string> = {}, ip = newIp()) =>
    t.app.inject({ method: 'POST', url: path('auth', svc), payload, headers, remoteAddress: ip });

  const login = (email: string, password = PASSWORD, ip?: string) =>
    post('login', { email, password }, {}, ip);

  async function mailsTo(to: string): Promise<{ to: string; subject: string; text: string }[]> {
    const response = await t.app.inject({ url: path('auth', 'outbox') });
    const { messages } = response.json<{
      messages: { to: string; subject: string; text: string }[];
    }>();
    return messages.filter((m) => m.to === to);
  }

  /** The newest link mailed to `to`; waits for it (forgot-password mails after answering). */
  async function outboxLink(to: string, pathname: string): Promise<string> {
    const pattern = new RegExp(`https?://\\S+${pathname}\\?token=\\S+`);
    return vi.waitFor(async () => {
      const link = (await mailsTo(to)).map((m) => m.text.match(pattern)?.[0]).find(Boolean);
      if (!link) throw new Error(`no ${pathname} link mailed to ${to}`);
      return link;
    });
  }

  /** Asks for a reset link and waits for a new one to arrive. */
  async function resetLinkFor(email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    expect((await post('forgotPassword', { email })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await mailsTo(email)).length).toBe(before + 1));
    return outboxLink(email, '/reset-password');
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('a correct sign-in answers the user and sets an httpOnly Lax session cookie starting with the user id', async () => {
    const user = await createUser('ok@example.com');
    const response = await login('OK@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        userId: user.id,
        email: 'ok@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        tier: 'STANDARD',
      },
    });
    const cookie = response.cookies.find((c) => c.name === 'pd_session');
    expect(cookie?.value.split('.')[0]).toBe(user.id);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    expect(cookie?.secure).toBeFalsy();

    const session = await t.app.inject({
      url: path('auth', 'session'),
      headers: { cookie: cookieHeader(response) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json<{ user: { userId: string } }>().user.userId).toBe(user.id);
  });

  it('a sign-in with a form-encoded body works like JSON', async () => {
    await createUser('form@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: path('auth', 'login'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=form%40example.com&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('a wrong password, or an unknown e-mail, is 401 with the same message', async () => {
    await createUser('wrong@example.com');
    const wrong = await login('wrong@example.com', 'not the password');
    const unknown = await login('nobody@example.com');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Incorrect email or password.' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('an unknown e-mail still costs one password comparison (even timing)', async () => {
    const before = t.passwords.verifies;
    await login('ghost@example.com');
    expect(t.passwords.verifies - before).toBe(1);
  });

  it('missing fields are 400 with the form messages', async () => {
    const response = await post('login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: {
        email: 'Please enter a valid email address',
        password: expect.any(String) as string,
      },
    });
  });

  it('an unverified account cannot sign in', async () => {
    await createUser('unverified@example.com', false);
    const response = await login('unverified@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Please verify your email address before signing in.',
    });
  });

  it('after five failures from one address, that address waits before trying the account again (before any hash); the owner elsewhere signs in', async () => {
    await createUser('target@example.com');
    const attacker = newIp();
    for (let i = 0; i < 5; i++) {
      expect((await login('target@example.com', `guess-${i}`, attacker)).statusCode).toBe(401);
    }
    const before = t.passwords.verifies;
    const throttled = await login('target@example.com', PASSWORD, attacker);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      error: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
    expect(throttled.headers['retry-after']).toBe('1');
    expect(t.passwords.verifies).toBe(before);

    expect((await login('target@example.com', PASSWORD, newIp())).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await login('target@example.com', PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('one address is limited to 20 sign-ins a minute', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await login(`spray-${i}@example.com`, 'x', ip)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('logout revokes the session and clears the session cookie; works without a session', async () => {
    await createUser('bye@example.com');
    const signedIn = await login('bye@example.com');
    const cookie = cookieHeader(signedIn);
    const logout = await t.app.inject({
      method: 'POST',
      url: path('auth', 'logout'),
      headers: { cookie: `${cookie}; pd_internal=1` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    const cleared = Object.fromEntries(logout.cookies.map((c) => [c.name, c]));
    expect(cleared.pd_session?.value).toBe('');
    expect(cleared.pd_internal?.value).toBe('');
    // the classic-UI switch is not configured here, so its cookie is left alone
    expect(cleared.pd_classic_ui).toBeUndefined();

    const after = await t.app.inject({
      url: path('locations', 'getSitesData'),
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Please sign in.' });
    // the session check says so without failing: the console's public pages log no 401
    const check = await t.app.inject({ url: path('auth', 'session'), headers: { cookie } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ user: null });

    const anonymous = await t.app.inject({ method: 'POST', url: path('auth', 'logout') });
    expect(anonymous.statusCode).toBe(200);
  });

  it('a session is refused once its expiry has passed, and taken up to then', async () => {
    const user = await createUser('expiring@example.com');
    const cookie = cookieHeader(await login('expiring@example.com'));
    const expireIn = (ms: number) =>
      opened.database.db
        .update(sessions)
        .set({ expiresAt: new Date(t.clock.now().getTime() + ms) })
        .where(eq(sessions.userId, user.id));
    const sitesStatus = async () =>
      (await t.app.inject({ url: path('locations', 'getSitesData'), headers: { cookie } }))
        .statusCode;

    await expireIn(60_000);
    expect(await sitesStatus()).toBe(200);
    await expireIn(-1_000);
    expect(await sitesStatus()).toBe(401);
  });

  it('the session check answers 200 with user null without a session; other calls stay 401', async () => {
    const none = await t.app.inject({ url: path('auth', 'session') });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    const garbage = await t.app.inject({
      url: path('auth', 'session'),
      headers: { cookie: 'pd_session=not-a-session' },
    });
    expect(garbage.json()).toEqual({ user: null });
    for (const [area, svc] of [
      ['locations', 'getSitesData'],
      ['notificationsManagement', 'enumerate'],
    ] as const) {
      const refused = await t.app.inject({ url: path(area, svc) });
      expect(refused.statusCode, `${area} ${svc}`).toBe(401);
    }
  });

  it('a forged cookie with a real user id is no session', async () => {
    const user = await createUser('forged@example.com');
    const response = await t.app.inject({
      url: path('auth', 'session'),
      headers: { cookie: `pd_session=${user.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('sign-up mails a verification link; the link verifies once; then sign-in works', async () => {
    const email = 'newcomer@example.com';
    const signup = await post('signup', {
      firstName: 'Nia',
      lastName: 'Okafor',
      email,
      password: 'a-strong-passphrase',
      passwordConfirm: 'a-strong-passphrase',
    });
    expect(signup.statusCode).toBe(200);
    expect((await login(email, 'a-strong-passphrase')).statusCode).toBe(403);

    const link = await outboxLink(email, '/new-account-verify');
    expect(link.startsWith(`${TEST_ORIGIN}/new-account-verify?token=`)).toBe(true);
    expect((await post('verifyEmail', { token: tokenOf(link) })).statusCode).toBe(200);
    const again = await post('verifyEmail', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This verification link is invalid or has expired.' });

    expect((await login(email, 'a-strong-passphrase')).statusCode).toBe(200);
  });

  it('sign-up with a taken e-mail answers as for a new one and tells the owner by e-mail, without a link that acts; differing passwords are 400', async () => {
    const owner = await createUser('taken@example.com');
    const body = {
      firstName: 'A',
      lastName: 'B',
      email: 'Taken@example.com',
      password: 'long enough',
      passwordConfirm: 'long enough',
    };
    const hashesBefore = t.passwords.hashes;
    const taken = await post('signup', body);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ ok: true });
    // the same cost as a new account: one password hash
    expect(t.passwords.hashes - hashesBefore).toBe(1);

    const [notice] = await mailsTo('taken@example.com');
    expect(notice?.subject).toBe('Someone tried to sign up with your Powerdeck address');
    expect(notice?.text).toMatch(/^Hello Ada,/);
    expect(notice?.text).toContain(`${TEST_ORIGIN}/forgot-password`);
    expect(notice?.text).not.toMatch(/token=/);
    // the account is untouched: its own password still signs in, the new one does not
    expect((await login('taken@example.com', 'long enough')).statusCode).toBe(401);
    const signedIn = await login('taken@example.com');
    expect(signedIn.json<{ user: { userId: string } }>().user.userId).toBe(owner.id);

    const differ = await post('signup', { ...body, email: 'x@example.com', passwordConfirm: 'no' });
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toMatchObject({ fields: { passwordConfirm: 'Passwords do not match' } });
  });

  it('a new sign-up costs the same one password hash', async () => {
    const hashesBefore = t.passwords.hashes;
    const response = await post('signup', {
      firstName: 'N',
      lastName: 'Ew',
      email: 'brand-new@example.com',
      password: 'long enough',
      passwordConfirm: 'long enough',
    });
    expect(response.statusCode).toBe(200);
    expect(t.passwords.hashes - hashesBefore).toBe(1);
  });

  it('a verification link expires after 24 hours', async () => {
    const email = 'late@example.com';
    await post('signup', {
      firstName: 'L',
      lastName: 'Ate',
      email,
      password: 'long enough',
      passwordConfirm: 'long enough',
    });
    const link = await outboxLink(email, '/new-account-verify');
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await post('verifyEmail', { token: tokenOf(link) })).statusCode).toBe(400);
  });

  it('forgot password answers the same for unknown accounts and mails only real ones', async () => {
    await createUser('known-forgot@example.com');
    const unknown = await post('forgotPassword', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    // the mail work runs after answering, in order: once the known one's link is out, the
    // unknown one's turn has passed
    await resetLinkFor('known-forgot@example.com');
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
  });

  it('a reset link sets the password once and signs the account out everywhere', async () => {
    await createUser('reset@example.com');
    const oldSession = cookieHeader(await login('reset@example.com'));
    const link = await resetLinkFor('reset@example.com');
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);

    const body = {
      token: tokenOf(link),
      password: 'brand new secret',
      passwordConfirm: 'brand new secret',
    };
    expect((await post('resetPassword', body)).statusCode).toBe(200);
    const reuse = await post('resetPassword', body);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: 'This reset link is invalid or has expired.' });

    const stale = await t.app.inject({
      url: path('auth', 'session'),
      headers: { cookie: oldSession },
    });
    expect(stale.json()).toEqual({ user: null });
    expect((await login('reset@example.com')).statusCode).toBe(401);
    expect((await login('reset@example.com', 'brand new secret')).statusCode).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    await createUser('slow@example.com');
    const link = await resetLinkFor('slow@example.com');
    t.clock.advance(60 * 60 * 1000 + 1000);
    const body = {
      token: tokenOf(link),
      password: 'brand new secret',
      passwordConfirm: 'brand new secret',
    };
    expect((await post('resetPassword', body)).statusCode).toBe(400);
  });

  it('a reset revokes every other reset and verification link of the account: they answer like used ones', async () => {
    const email = 'many-links@example.com';
    await post('signup', {
      firstName: 'M',
      lastName: 'Any',
      email,
      password: 'long enough',
      passwordConfirm: 'long enough',
    });
    const verifyLink = await outboxLink(email, '/new-account-verify');
    const older = await resetLinkFor(email);
    const newer = await resetLinkFor(email);
    expect(newer).not.toBe(older);

    const reset = (link: string) =>
      post('resetPassword', {
        token: tokenOf(link),
        password: 'brand new secret',
        passwordConfirm: 'brand new secret',
      });
    expect((await reset(newer)).statusCode).toBe(200);
    const olderAfter = await reset(older);
    expect(olderAfter.statusCode).toBe(400);
    expect(olderAfter.json()).toEqual({ error: 'This reset link is invalid or has expired.' });
    const verifyAfter = await post('verifyEmail', { token: tokenOf(verifyLink) });
    expect(verifyAfter.statusCode).toBe(400);
    expect(verifyAfter.json()).toEqual({
      error: 'This verification link is invalid or has expired.',
    });
  });

  it('the outbox lists the newest message first', async () => {
    const response = await t.app.inject({ url: path('auth', 'outbox') });
    const { messages } = response.json<{ messages: { id: string; sentAt: string }[] }>();
    expect(messages.length).toBeGreaterThan(1);
    expect(Number(messages[0]?.id)).toBeGreaterThan(Number(messages[1]?.id));
  });

  it('the outbox is refused to another machine, and to this one through a proxy, naming why', async () => {
    const refusals = [
      await t.app.inject({ url: path('auth', 'outbox'), remoteAddress: '203.0.113.5' }),
      await t.app.inject({ url: path('auth', 'outbox'), remoteAddress: '10.0.0.8' }),
      ...(await Promise.all(
        [
          { 'x-forwarded-for': '203.0.113.5' },
          { forwarded: 'for=203.0.113.5' },
          { 'x-real-ip': '203.0.113.5' },
        ].map((headers) =>
          t.app.inject({ url: path('auth', 'outbox'), remoteAddress: '127.0.0.1', headers }),
        ),
      )),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error:
          'The outbox can be read only on the machine the demo runs on (not through a proxy), or by a signed-in SUPPORT user.',
      });
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = await t.app.inject({ url: path('auth', 'outbox'), remoteAddress });
      expect(local.statusCode).toBe(200);
    }
  });

  it('a signed-in SUPPORT user reads the outbox from anywhere; another signed-in user does not', async () => {
    await createUser('staff@example.com', true, 'SUPPORT');
    await createUser('plain@example.com');
    const read = async (email: string) =>
      t.app.inject({
        url: path('auth', 'outbox'),
        remoteAddress: '203.0.113.9',
        headers: { cookie: cookieHeader(await login(email)), 'x-forwarded-for': '198.51.100.1' },
      });
    const support = await read('staff@example.com');
    expect(support.statusCode).toBe(200);
    expect(support.json<{ messages: unknown[] }>().messages.length).toBeGreaterThan(0);
    expect((await read('plain@example.com')).statusCode).toBe(403);
  });

  it('public config answers without a session', async () => {
    const response = await t.app.inject({ url: '/data-svc/config/data-svc.php?svc=public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      brand: 'Powerdeck',
      bannerMessage: null,
      classicUiUrl: null,
      supportEmail: 'support@example.com',
      supportPhone: null,
      trackingId: null,
      demo: true,
    });
  });
});

describe.each(testDatabases())('outside demo mode on $name', (testDb) => {
  let opened: OpenedTestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    opened = await testDb.open();
    t = await startTestApp(opened.database, {
      env: {
        DEMO: 'false',
        CLASSIC_UI_URL: 'https://classic.example.com',
        BANNER_MESSAGE: 'Maintenance tonight',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await opened.dispose();
  });

  it('the outbox does not exist, even on this machine: it answers as an unknown call', async () => {
    const outbox = await t.app.inject({ url: path('auth', 'outbox'), remoteAddress: '127.0.0.1' });
    const unknown = await t.app.inject({ url: path('auth', 'noSuchCall') });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json()).toEqual(unknown.json());
  });

  it('logout also clears the classic-UI switch cookie when that switch is configured', async () => {
    const logout = await t.app.inject({ method: 'POST', url: path('auth', 'logout') });
    expect(logout.cookies.map((c) => c.name).sort()).toEqual(['pd_classic_ui', 'pd_session']);
  });

  it('public config carries the banner and classic-UI address', async () => {
    const response = await t.app.inject({ url: path('config', 'public') });
    expect(response.json()).toMatchObject({
      bannerMessage: 'Maintenance tonight',
      classicUiUrl: 'https://classic.example.com',
      demo: false,
    });
  });
});
