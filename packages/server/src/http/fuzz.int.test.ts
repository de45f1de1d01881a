import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLink } from '../areas/devices/test-fakes';
import { type SeededApp, startSeededApp, stopSeededApp } from '../test/demo-sessions';
import { testDatabases } from '../test/databases';
import { type Probe, Prober, queryString } from '../test/fuzz-world';
import {
  HOSTILE_JSON,
  HOSTILE_TEXT,
  type TextValue,
  asText,
  sampledValues,
} from '../test/hostile-inputs';
import { callKey } from '../test/call-name';
import { inputKeys } from '../test/input-keys';
import { SessionMint } from '../test/session-mint';
import { signInDemoUsers } from '../test/sign-in-demo-users';
import type { RegisteredCall } from './data-svc';

/** Whether a session check's answer names a user (without a session it answers `user: null`). */
function isSignedIn(body: string): boolean {
  try {
    return (JSON.parse(body) as { user?: unknown }).user != null;
  } catch {
    return false;
  }
}

/**
 * Every call the app serves (read from its own listing, so a new call is fuzzed without being
 * named here: those of the /data-svc/ dispatcher and those at their own path, live streams
 * included) × hostile values in each field of its input schema × the ways a client can send
 * them, as a signed-in ADMIN and anonymously: no answer may be a 5xx, and the server must still
 * answer afterwards. A live stream that accepts a probe is closed once its headers are out
 * (Prober); its `Last-Event-ID` header is fuzzed too.
 */

/** Calls that end the caller's own account: fuzzed with a throwaway user per request. */
const ENDS_OWN_ACCOUNT = new Set(['userPreference deleteUser']);

/** The bodies also sent anonymously to calls that need a session. */
const ANONYMOUS_BODIES = new Set(['json broken', 'json too large', 'multipart no boundary', 'xml']);

const SEED = 20_240_501;
const SAMPLES_PER_CALL = 6;

interface Finding {
  what: string;
  status: number;
  body: string;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

// PGlite only: CI time stays bounded (the input layer refuses before any SQL runs either way)
describe.each(testDatabases().slice(0, 1))('fuzz of every call on $name', (testDb) => {
  let seeded: SeededApp;
  let prober: Prober;
  let mint: SessionMint;
  let adminId: string;
  let adminCookie: string;
  /** A valid value per field name, so one hostile field reaches past the others' checks. */
  let plausible: Record<string, string>;

  beforeAll(async () => {
    seeded = await startSeededApp(testDb, { devices: { link: new FakeLink() } });
    const { app } = seeded.t;
    prober = new Prober(app);
    mint = new SessionMint(seeded.opened.database, seeded.t.clock);
    adminCookie = (await signInDemoUsers(app, ['admin'])).get('admin') ?? '';
    const session = await app.inject({
      url: '/data-svc/auth/data-svc.php?svc=session',
      headers: { cookie: adminCookie },
    });
    adminId = session.json<{ user: { userId: string } }>().user.userId;
    const [row] = await seeded.opened.database.rawTransaction((tx) =>
      tx.query<{ site_id: string; dev_id: string; dev_class: string; client_id: string }>(
        `SELECT l.id AS site_id, d.dev_id, d.dev_class, l.client_id
           FROM locations l JOIN devices d ON d.site_id = l.id AND d.parent_dev_id IS NULL
          WHERE l.name = 'Harbor View Lobby' ORDER BY d.dev_id LIMIT 1`,
      ),
    );
    if (!row) throw new Error('the demo has no device at Harbor View Lobby');
    plausible = {
      siteId: row.site_id,
      devId: row.dev_id,
      devClass: row.dev_class,
      clientId: row.client_id,
      pageNo: '1',
      recordsPerPage: '12',
      req: 'redraw',
      keyword: 'Harbor',
      note: 'fuzz',
      name: 'Fuzz',
      groupName: 'Fuzz',
      otlt: '1',
      state: '1',
      type: '1',
    };
  });

  afterAll(async () => {
    await stopSeededApp(seeded);
  });

  /** `svc` as a field, for a call of the dispatcher (a call at its own path has none). */
  const svcOf = (call: RegisteredCall): Record<string, string> =>
    call.svc === null ? {} : { svc: call.svc };
  const withSvc = (call: RegisteredCall, fields: Record<string, TextValue>) =>
    `${call.path}?${queryString({ ...svcOf(call), ...fields })}`;

  /** The fields of one case: `key` hostile (or every key when undefined), the rest plausible. */
  function fieldsOf(keys: readonly string[], key: string | undefined, value: unknown) {
    const fields: Record<string, unknown> = {};
    for (const k of keys) {
      if (key === undefined || k === key) fields[k] = value;
      else if (plausible[k] !== undefined) fields[k] = plausible[k];
    }
    return fields;
  }

  const textFields = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asText(v)]));

  /**
   * The probes carrying one hostile value (in `key`, or every key when undefined) the ways the
   * call's methods take it: the query of a GET, a form body (spec §7, svc among the fields) and a
   * JSON body of a POST. Text values go everywhere; the other JSON types only in JSON.
   */
  function carriers(
    call: RegisteredCall,
    keys: readonly string[],
    key: string | undefined,
    value: unknown,
  ): Probe[] {
    const probes: Probe[] = [];
    const text = typeof value === 'string' || Array.isArray(value);
    const fields = fieldsOf(keys, key, value);
    const get = call.methods.includes('GET');
    const post = call.methods.includes('POST');
    // a GET-only call gets the other types as the text a client would send for them
    if (get && (text || !post)) {
      probes.push({ method: 'GET', url: withSvc(call, textFields(fields)) });
    }
    if (post) {
      if (text && !get) {
        probes.push({
          method: 'POST',
          url: call.path,
          headers: { 'content-type': FORM },
          payload: queryString({ ...svcOf(call), ...textFields(fields) }),
        });
      }
      if (!text || HOSTILE_JSON.includes(value)) {
        probes.push({
          method: 'POST',
          url: withSvc(call, {}),
          headers: { 'content-type': JSON_TYPE },
          payload: JSON.stringify(fields),
        });
      }
    }
    return probes;
  }

  /** Bodies of every content type a client can send, valid or not, and broken URLs; by name. */
  function bodies(call: RegisteredCall): Record<string, Probe> {
    const fields: Record<string, string> = {};
    for (const k of inputKeys(call.input)) {
      if (plausible[k] !== undefined) fields[k] = plausible[k];
    }
    const url = withSvc(call, {});
    const post = (type: string | undefined, payload: string | Buffer): Probe => ({
      method: 'POST',
      url,
      headers: type === undefined ? {} : { 'content-type': type },
      payload,
    });
    const form = queryString({ ...svcOf(call), ...fields });
    const json = JSON.stringify(fields);
    const boundary = '----fuzz';
    const part = (name: string, extra: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
    const multipart = [
      ...Object.entries(fields).map(([k, v]) => part(k, '', v)),
      part('fileToUpload', '; filename="a.png"\r\nContent-Type: image/png', '\u0000PNG'),
      `--${boundary}--\r\n`,
    ].join('');
    const withBoundary = `multipart/form-data; boundary=${boundary}`;
    const query = queryString(svcOf(call));
    /** The path with `text` put after its area (where the dispatcher reads the area from). */
    const inArea = (text: string) =>
      call.path.replace(`/data-svc/${call.area}/`, `/data-svc/${call.area}${text}/`);
    return {
      'query only': { method: 'GET', url: withSvc(call, fields) },
      form: post(FORM, form),
      'form utf-8': post(`${FORM}; charset=utf-8`, form),
      json: post(JSON_TYPE, json),
      'json utf-16': post(`${JSON_TYPE}; charset=utf-16`, json),
      'json broken': post(JSON_TYPE, '{"siteId":'),
      'json empty': post(JSON_TYPE, ''),
      'json null': post(JSON_TYPE, 'null'),
      'json string': post(JSON_TYPE, '"text"'),
      'json array': post(JSON_TYPE, '[1,2,3]'),
      'json __proto__': post(
        JSON_TYPE,
        '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}',
      ),
      'json too large': post(JSON_TYPE, JSON.stringify({ ...fields, pad: 'x'.repeat(1_100_000) })),
      'multipart no boundary': post('multipart/form-data', multipart),
      'multipart empty boundary': post('multipart/form-data; boundary=', multipart),
      'multipart quoted empty boundary': post('multipart/form-data; boundary=""', multipart),
      multipart: post(withBoundary, multipart),
      'multipart truncated': post(withBoundary, `--${boundary}\r\ngarbage`),
      'text/plain': post('text/plain', form),
      xml: post('application/xml', '<a/>'),
      octets: post('application/octet-stream', Buffer.from([0, 1, 2, 255])),
      'no content type': post(undefined, form),
      'bad percent-encoding in the query': {
        method: 'GET',
        url: `${url}&siteId=%E0%A4%A&devId=%&name=%zz`,
      },
      ...(call.svc === null
        ? {}
        : { 'NUL in svc': { method: 'GET', url: `${call.path}?svc=${call.svc}%00` } }),
      'bad percent-encoding in the path': { method: 'GET', url: `${call.path}%zz?${query}` },
      'bad UTF-8 in the path': { method: 'GET', url: `${inArea('%E0%A4%A')}?${query}` },
      'NUL in the path': { method: 'GET', url: `/data-svc/${call.area}/%00?${query}` },
      'unknown method': {
        method: 'PUT',
        url,
        headers: { 'content-type': JSON_TYPE },
        payload: '{}',
      },
    };
  }

  it(
    'no hostile input gets a 5xx, and the server answers normal calls afterwards',
    { timeout: 300_000 },
    async () => {
      const findings: Finding[] = [];
      const check = async (what: string, probe: Probe, cookie: string | null) => {
        const answer = await prober.send({
          ...probe,
          headers: { ...probe.headers, ...(cookie === null ? {} : { cookie }) },
        });
        if (answer.status >= 500) {
          findings.push({ what, status: answer.status, body: answer.body.slice(0, 200) });
        }
      };
      /** The ADMIN session, minted again when a call (logout) ended it. */
      const stillAnswers = async (after: string) => {
        const session = await prober.send({
          method: 'GET',
          url: '/data-svc/auth/data-svc.php?svc=session',
          headers: { cookie: adminCookie },
        });
        if (session.status === 200 && isSignedIn(session.body)) return;
        adminCookie = await mint.cookieFor(adminId);
        const again = await prober.send({
          method: 'GET',
          url: '/data-svc/auth/data-svc.php?svc=session',
          headers: { cookie: adminCookie },
        });
        expect(
          again.status === 200 && isSignedIn(again.body),
          `the ADMIN account is unusable after ${after}`,
        ).toBe(true);
      };

      const calls = seeded.t.app.dataSvcCalls();
      expect(calls.length).toBeGreaterThan(50);
      for (const [index, call] of calls.entries()) {
        const name = callKey(call);
        const keys = inputKeys(call.input);
        const values = [
          ...new Set([...HOSTILE_TEXT, ...HOSTILE_JSON]),
          ...sampledValues(SEED + index, SAMPLES_PER_CALL),
        ];
        const cookieFor = async () =>
          ENDS_OWN_ACCOUNT.has(name) ? (await mint.throwawayUser()).cookie : adminCookie;
        // one hostile field at a time (the others plausible), then every field at once
        for (const key of [...keys, undefined]) {
          for (const value of values) {
            for (const probe of carriers(call, keys, key, value)) {
              await check(`${name} ${key ?? '*'}=${shown(value)}`, probe, await cookieFor());
            }
          }
        }
        // anonymously: every field hostile, and every body; a call needing a session stops at
        // the same input checks and then at 401, so a few of each are enough there
        const anonymousValues = call.public ? HOSTILE_TEXT : HOSTILE_TEXT.slice(0, 4);
        for (const value of anonymousValues) {
          for (const probe of carriers(call, keys, undefined, value)) {
            await check(`anonymous ${name} *=${shown(value)}`, probe, null);
          }
        }
        for (const [label, probe] of Object.entries(bodies(call))) {
          const what = `${name} ${label}`;
          await check(what, probe, await cookieFor());
          if (call.public || ANONYMOUS_BODIES.has(label)) {
            await check(`anonymous ${what}`, probe, null);
          }
        }
        // a live stream reads `lastEventId` from the Last-Event-ID header too (the other fields
        // plausible); a header carries printable ASCII only
        if (call.stream) {
          for (const lastEventId of HOSTILE_TEXT.filter((v) => typeof v === 'string')) {
            const probe = {
              method: 'GET',
              url: withSvc(call, textFields(fieldsOf(keys, 'x', ''))),
              headers: { 'last-event-id': lastEventId.replace(/[^\t\x20-\x7e]/g, '?') },
            };
            await check(`${name} Last-Event-ID=${shown(lastEventId)}`, probe, adminCookie);
          }
        }
        await stillAnswers(name);
      }

      // a normal call still answers with the demo's data
      const sites = await prober.send({
        method: 'GET',
        url: '/data-svc/locations/dataSvc.php?svc=getSitesData&pageNo=1&recordsPerPage=12',
        headers: { cookie: adminCookie },
      });
      expect(sites.status).toBe(200);
      expect(sites.body).toContain('Harbor View');

      const ownPath = calls.filter((c) => c.svc === null);
      console.info(
        `fuzz on ${testDb.name}: ${prober.sent} requests over ${calls.length} calls ` +
          `(${ownPath.length} at their own path, ${calls.filter((c) => c.stream).length} live ` +
          `streams; ${prober.streams} streams accepted and closed); ${findings.length} answered 5xx`,
      );
      for (const f of findings) console.info(`5xx: ${f.what} ${f.status} ${f.body}`);
      expect(findings.map((f) => f.what)).toEqual([]);
    },
  );
});

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 20)}…(${text.length})` : text);
}
