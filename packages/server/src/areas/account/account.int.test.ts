import type {
  AccountDetails,
  UserDataForSites,
  UserPublicDetails,
  UserSitesData,
} from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboxRepository } from '../../infra/mail/outbox.repository';
import { testDatabases } from '../../test/databases';
import { type DemoApp, type DemoRole, startDemoApp } from '../../test/demo-sessions';
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
  /** The signed-in user the session check answers (null: the cookie's session is gone). */
  const sessionUser = async (cookie: string): Promise<unknown> => {
    const response = await raw(cookie, 'session', 'auth');
    expect(response.statusCode).toBe(200);
    return response.json<{ user: unknown }>().user;
  };
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

  it("gives another user's details only to the user, those sharing a location, and SUPPORT", async () => {
    const details = (role: DemoRole | null, userId: string) =>
      d.call(role, 'userDetails', 'getUserDetails', { query: { userId } });
    const ownerId = await d.userId('owner');
    const clientId = await d.userId('client');
    const fayId = (await raw(fresh, 'getAccountSettings', 'userDetails')).json<AccountDetails>()
      .userId;
    const shared = await d.siteIdsOf('owner');
    expect((await d.siteIdsOf('client')).some((id) => shared.includes(id))).toBe(true);

    const self = await details('owner', ownerId);
    expect(self.statusCode).toBe(200);
    expect(Object.keys(self.json<UserPublicDetails>()).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'userId',
    ]);
    expect(self.json<UserPublicDetails>()).toMatchObject({
      userId: ownerId,
      email: 'owner@example.com',
    });
    const sharing = await details('owner', clientId);
    expect(sharing.statusCode).toBe(200);
    expect(sharing.json<UserPublicDetails>()).toMatchObject({ userId: clientId });
    // Fay holds no level anywhere: she and the owner share nothing, both ways
    for (const [caller, about] of [
      [d.cookie('owner'), fayId],
      [fresh, ownerId],
    ] as const) {
      const hidden = await raw(caller, 'getUserDetails', 'userDetails', {
        query: `userId=${about}`,
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: 'User not found.' });
    }
    const bySupport = await details('support', fayId);
    expect(bySupport.json<UserPublicDetails>()).toMatchObject({
      userId: fayId,
      email: 'fay@example.com',
    });
    const unknown = await details('support', 'no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found.' });
    expect((await details('owner', '')).statusCode).toBe(400);
    expect((await d.call('owner', 'userDetails', 'getUserDetails')).statusCode).toBe(400);
    expect((await details(null, ownerId)).statusCode).toBe(401);
  });

  it("gives a user's levels only at the locations the caller holds a level at too", async () => {
    const levels = (role: DemoRole | null, query: string) =>
      d.t.app.inject({
        url: `/data-svc/userDetails/data-svc.php?svc=getUserDataForSites&${query}`,
        headers: role ? { cookie: d.cookie(role) } : {},
      });
    const ownerId = await d.userId('owner');
    const ownerSites = await d.siteIdsOf('owner');
    const clientSites = await d.siteIdsOf('client');
    const both = ownerSites.filter((id) => clientSites.includes(id)).sort();
    // the demo owner holds locations the client does not see, and shares some with them
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(ownerSites.length);
    const ownerLevels = (await d.call('owner', 'accountManagement', 'getUserSitesData'))
      .json<UserSitesData>()
      .records.map(({ siteId, permLvl }) => ({ siteId, permLvl }))
      .sort((a, b) => a.siteId.localeCompare(b.siteId));

    const all = `locationIds=${ownerSites.join(',')}&user=${ownerId}`;
    const byClient = await levels('client', all);
    expect(byClient.statusCode).toBe(200);
    expect(byClient.json<UserDataForSites>().records).toEqual(
      ownerLevels.filter((r) => both.includes(r.siteId)),
    );
    // repeated fields, and SUPPORT sees every location
    const repeated = ownerSites.map((id) => `locationIds=${id}`).join('&');
    const bySupport = await levels('support', `${repeated}&user=${ownerId}`);
    expect(bySupport.json<UserDataForSites>().records).toEqual(ownerLevels);
    expect((await levels('owner', all)).json<UserDataForSites>().records).toEqual(ownerLevels);

    const fayId = (await raw(fresh, 'getAccountSettings', 'userDetails')).json<AccountDetails>()
      .userId;
    const hidden = await levels('owner', `locationIds=${ownerSites.join(',')}&user=${fayId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'User not found.' });
    expect((await levels('owner', `locationIds=${both[0]}&user=nobody`)).statusCode).toBe(404);
    for (const bad of [
      `user=${ownerId}`,
      `locationIds=,&user=${ownerId}`,
      `locationIds=${both[0]}`,
    ]) {
      const answer = await levels('owner', bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json<{ error: string }>().error, bad).toMatch(/is required/);
    }
    expect((await levels(null, all)).statusCode).toBe(401);
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
    expect(await sessionUser(fresh)).not.toBeNull();
    expect(await sessionUser(second)).toBeNull();
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
    expect(await sessionUser(fresh)).toBeNull();
    expect((await login('fay.new@example.com', 'second-password')).status).toBe(401);
  });
});
