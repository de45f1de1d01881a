import type { AccountDetails, UserSitesData } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboxRepository } from '../../infra/mail/outbox.repository';
import { testDatabases } from '../../test/databases';
import { type DemoApp, startDemoApp } from '../../test/demo-sessions';
import { cookieHeader } from '../../test/test-app';

const PASSWORD = 'first-password';

describe.each(testDatabases())('profile and account on $name', (testDb) => {
  let d: DemoApp;
  let fresh = ''; // a signed-in cookie of a fresh verified user
  let second = ''; // another session of that user

  const raw = (
    cookie: string,
    svc: string,
    area: string,
    options: { query?: string; json?: unknown } = {},
  ) =>
    d.t.app.inject({
      method: options.json === undefined ? 'GET' : 'POST',
      url: `/data-svc/${area}/data-svc.php?svc=${svc}${options.query ? `&${options.query}` : ''}`,
      headers: {
        cookie,
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.json === undefined ? {} : { payload: JSON.stringify(options.json) }),
    });
  const login = async (email: string, password: string) => {
    const response = await d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=login',
      payload: { email, password },
    });
    return { status: response.statusCode, cookie: cookieHeader(response) };
  };
  const lastLink = async () => {
    const [message] = await new OutboxRepository(d.opened.database.db).list();
    return message?.text.match(/token=([^\s]+)/)?.[1] ?? '';
  };

  /** Asks for a password-reset link for `email` and waits for it (it is mailed after answering). */
  const resetToken = async (email: string) => {
    const outbox = new OutboxRepository(d.opened.database.db);
    const before = (await outbox.list()).length;
    await d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=forgotPassword',
      payload: { email },
    });
    await vi.waitFor(async () => expect((await outbox.list()).length).toBe(before + 1));
    return decodeURIComponent(await lastLink());
  };
  const resetWith = (token: string) =>
    d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=resetPassword',
      payload: { token, password: 'taken-over-password', passwordConfirm: 'taken-over-password' },
    });

  beforeAll(async () => {
    d = await startDemoApp(testDb);
    await d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=signup',
      payload: {
        firstName: 'Fay',
        lastName: 'Fresh',
        email: 'fay@example.com',
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      },
    });
    await d.t.app.inject({
      method: 'POST',
      url: '/data-svc/auth/data-svc.php?svc=verifyEmail',
      payload: { token: decodeURIComponent(await lastLink()) },
    });
    fresh = (await login('fay@example.com', PASSWORD)).cookie;
    second = (await login('fay@example.com', PASSWORD)).cookie;
  });
  afterAll(() => d.close());

  it('gives account details under both names and saves name and phone', async () => {
    const details = (await raw(fresh, 'getAccountSettings', 'userDetails')).json<AccountDetails>();
    expect(details).toMatchObject({ firstName: 'Fay', email: 'fay@example.com', phone: '' });
    expect((await raw(fresh, 'userDetails', 'userDetails')).json()).toEqual(details);
    const saved = await raw(fresh, 'updateUserDetails', 'userDetails', {
      json: { firstName: 'Faye', lastName: 'Fresh', phone: '4155550100' },
    });
    expect(saved.json()).toMatchObject({ firstName: 'Faye', phone: '4155550100' });
    const bad = await raw(fresh, 'updateUserDetails', 'userDetails', {
      json: { firstName: '', lastName: 'x', phone: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('phone');
  });

  it('lists the user sites with levels; another user is 403 unless SUPPORT', async () => {
    const owner = (
      await d.call('owner', 'accountManagement', 'getUserSitesData')
    ).json<UserSitesData>();
    expect(owner.records.length).toBeGreaterThan(0);
    expect(
      (await raw(fresh, 'getUserSitesData', 'accountManagement')).json<UserSitesData>().records,
    ).toEqual([]);
    const other = await d.call('client', 'accountManagement', 'getUserSitesData', {
      query: { user: 'someone' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('changes the password only with the current one, ends the other sessions and revokes reset links', async () => {
    const outstanding = await resetToken('fay@example.com');
    const wrong = await raw(fresh, 'changePassword', 'accountManagement', {
      json: {
        currentPassword: 'nope-nope',
        password: 'second-password',
        passwordConfirm: 'second-password',
      },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await raw(fresh, 'changePassword', 'accountManagement', {
      json: {
        currentPassword: PASSWORD,
        password: 'second-password',
        passwordConfirm: 'second-password',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await raw(fresh, 'session', 'auth')).statusCode).toBe(200);
    expect((await raw(second, 'session', 'auth')).statusCode).toBe(401);
    expect((await login('fay@example.com', 'second-password')).status).toBe(200);
    const stale = await resetWith(outstanding);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: 'This reset link is invalid or has expired.' });
  });

  it('changes the e-mail only when the link sent to the new address is opened, once; links mailed to the old address stop working', async () => {
    const outstanding = await resetToken('fay@example.com');
    const asked = await raw(fresh, 'changeEmail', 'accountManagement', {
      json: { email: 'fay.new@example.com', currentPassword: 'second-password' },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await new OutboxRepository(d.opened.database.db).list();
    expect(mail?.to).toBe('fay.new@example.com');
    expect((await raw(fresh, 'getAccountSettings', 'userDetails')).json()).toMatchObject({
      email: 'fay@example.com',
      pendingEmail: 'fay.new@example.com',
    });
    const token = decodeURIComponent(await lastLink());
    const verify = () => raw('', 'verifyEmailChange', 'accountManagement', { json: { token } });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(400);
    expect((await login('fay.new@example.com', 'second-password')).status).toBe(200);
    const stale = await resetWith(outstanding);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: 'This reset link is invalid or has expired.' });
    expect((await login('fay.new@example.com', 'second-password')).status).toBe(200);
    const taken = await raw(fresh, 'changeEmail', 'accountManagement', {
      json: { email: 'owner@example.com', currentPassword: 'second-password' },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('records classic-UI feedback as true', async () => {
    const response = await raw(fresh, 'classicUiFeedback', 'userPreference', {
      query: `feedback=${encodeURIComponent('{"reason":"x"}')}`,
    });
    expect(response.body).toBe('true');
    expect(
      (await raw(fresh, 'classicUiFeedback', 'userPreference', { query: 'feedback=notjson' }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes the account with feedback: true, then the session and sign-in are gone', async () => {
    expect((await raw('', 'deleteUser', 'userPreference')).statusCode).toBe(401);
    const response = await raw(fresh, 'deleteUser', 'userPreference', {
      query: `feedback=${encodeURIComponent('{"reason":"bye"}')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('true');
    expect((await raw(fresh, 'session', 'auth')).statusCode).toBe(401);
    expect((await login('fay.new@example.com', 'second-password')).status).toBe(401);
  });
});
