import { getDeviceSpec } from '@powerdeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLink } from '../areas/devices/test-fakes';
import { type DbSnapshot, changedTables, snapshotTables } from '../test/db-snapshot';
import { DEMO_ROLES, type DemoApp, startDemoApp } from '../test/demo-sessions';
import { testDatabases } from '../test/databases';
import {
  type DemoShared,
  type ForeignTenant,
  buildForeignTenant,
  demoSharedObjects,
} from '../test/foreign-tenant';
import { type Probe, Prober, queryString } from '../test/fuzz-world';
import { callKey } from '../test/call-name';
import { asText } from '../test/hostile-inputs';
import { inputKeys } from '../test/input-keys';
import {
  FILTERS_IDS,
  HIDDEN_ID_KEYS,
  ID_KEYS,
  NOT_IDS,
  PLAIN,
  PLAIN_BY_CALL,
  REFUSED_OTHERWISE,
  type Role,
  WITHOUT_FOREIGN_ID,
  WRITTEN_WHEN_REFUSED,
  supportReaches,
} from './authorization-matrix.rules';
import type { RegisteredCall } from './data-svc';

/**
 * Every call the app serves (read from its own listing: those of the /data-svc/ dispatcher and
 * those at their own path, live streams included) × every role × the ids of a second, foreign
 * tenant no demo user holds any level in: the answer must be 401 (anonymous) or 403/404 (signed
 * in), and nothing may be written. Calls are probed by the object ids their input schema names, so
 * a new call taking an id is checked without being named here, and a new call taking none fails
 * until it is listed in authorization-matrix.rules.ts with the reason. A live stream refuses like
 * any call; one that accepts is a finding, closed once its headers are out (Prober).
 *
 * Each call gets one probe with every id foreign and, when it takes several, one per id with
 * that id foreign and the others the caller's own (a location, device, client, contact, note,
 * command and group every demo role reaches): so a check of the location alone, with the note or
 * device taken from another account, is caught too. Such a probe may be answered (the call
 * ignored the field) only if the answer shows nothing foreign and no row naming a foreign object
 * changed.
 */

const ROLES: readonly Role[] = ['anonymous', ...DEMO_ROLES];

interface Finding {
  call: string;
  role: Role;
  probe: string;
  status: number;
  body: string;
  /** answered: not refused; showed: a foreign object in the answer; wrote: a foreign row changed. */
  kind: 'answered' | 'showed' | 'wrote';
  tables?: string[];
}

const nameOf = callKey;
const keyOf = (f: Pick<Finding, 'call' | 'role' | 'probe'>) => `${f.call}|${f.role}|${f.probe}`;

// PGlite only: CI time stays bounded (access rules are SQL-dialect free)
describe.each(testDatabases().slice(0, 1))('authorization matrix on $name', (testDb) => {
  let demo: DemoApp;
  let foreign: ForeignTenant;
  let own: DemoShared;
  let calls: RegisteredCall[];
  let prober: Prober;
  const findings: Finding[] = [];
  const unreached: Omit<Finding, 'kind'>[] = [];
  const unclassified: string[] = [];
  const stale: string[] = [];
  const pairs = new Set<string>();
  let probes = 0;
  const ignored: Omit<Finding, 'kind'>[] = [];
  let skippedSupport = 0;

  beforeAll(async () => {
    // with a device link, as in production (without one, commands answer 503 after the check)
    demo = await startDemoApp(testDb, { devices: { link: new FakeLink() } });
    prober = new Prober(demo.t.app);
    const database = demo.opened.database;
    own = await demoSharedObjects(database, demo.t.clock.now());
    foreign = await buildForeignTenant(database, {
      devClass: own.devClass,
      now: demo.t.clock.now(),
    });
    calls = demo.t.app.dataSvcCalls();
    await runMatrix();
  }, 300_000);

  afterAll(async () => {
    await demo.close();
  });

  /** Ids and names of the foreign tenant, to look for in answers and rows. */
  const foreignMarks = () => [
    foreign.siteId,
    foreign.siteName,
    foreign.clientId,
    foreign.clientName,
    foreign.contactId,
    foreign.devId,
    foreign.groupId,
    foreign.userId,
    foreign.email,
    foreign.pictureId,
    foreign.cmdId,
  ];
  const snapshot = () => snapshotTables(demo.opened.database, foreignMarks());

  /** Device control calls are served per class: the one of the probed devices. */
  const areaOf = (call: RegisteredCall) => {
    const wanted = `${own.devClass}.deviceControls`;
    return call.areas.includes(wanted) ? wanted : call.area;
  };

  function plainFields(call: RegisteredCall): Record<string, unknown> {
    const spec = getDeviceSpec(own.devClass as Parameters<typeof getDeviceSpec>[0]);
    const area = areaOf(call);
    return {
      ...PLAIN,
      devClass: area.endsWith('.deviceControls') ? area.split('.')[0] : own.devClass,
      [spec.autoStatusUpdate.param]: String(spec.autoStatusUpdate.seconds),
      keyword: foreign.siteName,
      ...PLAIN_BY_CALL[nameOf(call)],
    };
  }

  /** The requests carrying `fields`: the query of a GET, a JSON body of a POST. */
  function requestsOf(call: RegisteredCall, fields: Record<string, unknown>): Probe[] {
    const path = call.paths[call.areas.indexOf(areaOf(call))] ?? call.path;
    const svc: Record<string, string> = call.svc === null ? {} : { svc: call.svc };
    const requests: Probe[] = [];
    if (call.methods.includes('GET')) {
      const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asText(v)]));
      requests.push({ method: 'GET', url: `${path}?${queryString({ ...svc, ...text })}` });
    }
    if (call.methods.includes('POST')) {
      requests.push({
        method: 'POST',
        url: `${path}?${queryString(svc)}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(fields),
      });
    }
    return requests;
  }

  /** Every id foreign; then, with several ids or variants, each one foreign alone. */
  function probesOf(call: RegisteredCall, role: Role, idKeys: readonly string[]) {
    const plain = plainFields(call);
    const variants = (key: string) => ID_KEYS[key]?.foreign(foreign, call, own) ?? [];
    const list: { label: string; foreignKeys: string[]; fields: Record<string, unknown> }[] = [];
    const allForeign = { ...plain };
    for (const key of idKeys) allForeign[key] = variants(key)[0];
    list.push({ label: idKeys.join('+'), foreignKeys: [...idKeys], fields: allForeign });
    for (const key of idKeys) {
      variants(key).forEach((value, i) => {
        // with one id, its first variant is the probe above
        if (idKeys.length === 1 && i === 0) return;
        const fields: Record<string, unknown> = { ...plain, [key]: value };
        for (const other of idKeys) {
          if (other === key) continue;
          const mine = ID_KEYS[other]?.own?.(own, role, call);
          if (mine === undefined) delete fields[other];
          else fields[other] = mine;
        }
        // a role without an object of its own to pair with (CLIENT has no group) is not probed
        if (Object.values(fields).includes(null)) return;
        list.push({ label: `${key}#${i + 1} alone`, foreignKeys: [key], fields });
      });
    }
    return list;
  }

  const refusedOtherwise = (call: RegisteredCall, keys: readonly string[], status: number) =>
    REFUSED_OTHERWISE.some(
      (r) =>
        keys.includes(r.key) && (r.call === '*' || r.call === nameOf(call)) && r.status === status,
    );

  async function runMatrix() {
    let last: DbSnapshot = await snapshot();
    for (const call of calls) {
      const name = nameOf(call);
      const keys = [...inputKeys(call.input), ...(HIDDEN_ID_KEYS[name] ?? [])];
      const idKeys = keys.filter((k) => k in ID_KEYS && !(k in (NOT_IDS[name] ?? {})));
      const exempt = WITHOUT_FOREIGN_ID[name];
      if (exempt && idKeys.length > 0) stale.push(`${name}: takes ${idKeys.join(', ')}`);
      if (!exempt && idKeys.length === 0) unclassified.push(name);
      if (idKeys.length === 0) {
        if (exempt?.read) await readChecks(call);
        continue;
      }
      for (const role of ROLES) {
        const cookie = role === 'anonymous' ? null : demo.cookie(role);
        for (const probe of probesOf(call, role, idKeys)) {
          if (role === 'support' && probe.foreignKeys.some((k) => supportReaches(k, call))) {
            skippedSupport++;
            continue;
          }
          for (const request of requestsOf(call, probe.fields)) {
            pairs.add(`${name}|${role}`);
            probes++;
            const answer = await prober.send({
              ...request,
              headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
            });
            const seen = {
              call: name,
              role,
              probe: `${request.method} ${probe.label}`,
              status: answer.status,
              body: answer.body.slice(0, 300),
            };
            const refused =
              role === 'anonymous'
                ? answer.status === 401
                : [403, 404].includes(answer.status) ||
                  refusedOtherwise(call, probe.foreignKeys, answer.status);
            if (refused) continue;
            if (answer.status === 400) {
              unreached.push(seen);
              continue;
            }
            const showed = foreignMarks().some((mark) => answer.body.includes(mark));
            const now = await snapshot();
            const tables = changedTables(last, now, { markedOnly: true });
            last = now;
            // the call answered about the caller's own objects, ignoring the foreign field, or
            // left the foreign objects out of its answer
            const tolerated =
              answer.status < 300 &&
              (probe.foreignKeys.length < idKeys.length || name in FILTERS_IDS);
            if (tables.length > 0) findings.push({ ...seen, kind: 'wrote', tables });
            else if (showed) findings.push({ ...seen, kind: 'showed' });
            else if (tolerated) ignored.push(seen);
            else findings.push({ ...seen, kind: 'answered' });
          }
        }
      }
      // refused probes write nothing at all
      const now = await snapshot();
      const tables = changedTables(last, now, { ignore: new Set(WRITTEN_WHEN_REFUSED.keys()) });
      last = now;
      if (tables.length > 0) {
        findings.push({
          call: name,
          role: 'anonymous',
          probe: 'refused probes',
          status: 0,
          body: '',
          kind: 'wrote',
          tables,
        });
      }
    }
  }

  /** A listing: anonymous is refused; the other roles' answers name no foreign object. */
  async function readChecks(call: RegisteredCall) {
    for (const role of ROLES) {
      // SUPPORT sees every location, the foreign one included
      if (role === 'support') continue;
      for (const request of requestsOf(call, plainFields(call))) {
        pairs.add(`${nameOf(call)}|${role}`);
        probes++;
        const answer = await prober.send({
          ...request,
          headers: {
            ...request.headers,
            ...(role === 'anonymous' ? {} : { cookie: demo.cookie(role) }),
          },
        });
        const seen = {
          call: nameOf(call),
          role,
          probe: `${request.method} listing`,
          status: answer.status,
          body: answer.body.slice(0, 300),
        };
        if (role === 'anonymous' && !call.public) {
          if (answer.status !== 401) findings.push({ ...seen, kind: 'answered' });
        } else if (answer.status >= 300) {
          unreached.push(seen);
        } else if (foreignMarks().some((mark) => answer.body.includes(mark))) {
          findings.push({ ...seen, kind: 'showed' });
        }
      }
    }
  }

  it('every call is probed by its object ids or listed with the reason it cannot be', () => {
    expect(unclassified, 'calls taking no object id, not in WITHOUT_FOREIGN_ID').toEqual([]);
    expect(stale, 'in WITHOUT_FOREIGN_ID, but they take an object id').toEqual([]);
    const served = new Set(calls.map(nameOf));
    const named = [
      ...Object.keys(WITHOUT_FOREIGN_ID),
      ...Object.keys(NOT_IDS),
      ...Object.keys(PLAIN_BY_CALL),
    ];
    expect(
      named.filter((k) => !served.has(k)),
      'rules naming calls nobody serves',
    ).toEqual([]);
  });

  it('every probe reaches the access check (its other fields are valid)', () => {
    expect(unreached).toEqual([]);
  });

  it("no role reaches another account's objects: 401 anonymous, 403/404 signed in, no write", () => {
    console.info(
      `authorization matrix on ${testDb.name}: ${calls.length} calls ` +
        `(${calls.filter((c) => c.svc === null).length} at their own path, ` +
        `${calls.filter((c) => c.stream).length} live streams; ${prober.streams} streams ` +
        `accepted and closed), ${pairs.size} call × role pairs, ${probes} probes ` +
        `(${skippedSupport} SUPPORT probes of objects SUPPORT reaches skipped, ${ignored.length} ` +
        `answered ignoring a foreign field), ${prober.sent} requests; ${findings.length} leaks`,
    );
    for (const f of findings) {
      const tables = f.tables ? ` (${f.tables.join(', ')})` : '';
      console.info(`leak: ${keyOf(f)} ${f.kind}${tables} ${f.status} ${f.body}`);
    }
    expect(findings.map(keyOf)).toEqual([]);
  });
});
