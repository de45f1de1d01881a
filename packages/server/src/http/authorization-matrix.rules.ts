import type { DemoRole } from '../test/demo-sessions';
import type { DemoShared, ForeignTenant } from '../test/foreign-tenant';
import type { RegisteredCall } from './data-svc';

/**
 * How the authorization matrix (authorization-matrix.int.test.ts) reads the calls: which input
 * fields name objects and with what values to probe them, and the calls and answers that are
 * refusals or exemptions by design, each with its reason. Calls are named as `callKey` names them:
 * `area svc`, or the path after `/data-svc/` of a call served at its own path.
 */

export type Role = 'anonymous' | DemoRole;

/** An input field naming an object: the foreign values to probe it with, and a reachable one. */
export interface IdKey {
  foreign(f: ForeignTenant, call: RegisteredCall, o: DemoShared): unknown[];
  /**
   * A value the caller may use: the field is left out when undefined; null when the role has
   * none (such probes are skipped).
   */
  own?(o: DemoShared, role: Role, call: RegisteredCall): unknown;
  /** SUPPORT acts as ADMIN at every location (ARCHITECTURE): such objects are theirs to reach. */
  supportReaches: boolean;
}

const locationBase = (clientContact: string) => ({
  name: 'Matrix probe',
  timezone: '-8.00',
  dst: 'no',
  clientContact,
});

/** What each `id` field names, by area: a new area taking `id` fails until it is added here. */
const ID_BY_AREA: Record<string, (f: ForeignTenant) => string> = {
  groups: (f) => f.groupId,
  notificationsManagement: (f) => f.alertId,
  images: (f) => f.pictureId,
  scheduleManagement: (f) => String(f.scheduleId),
};

export const ID_KEYS: Record<string, IdKey> = {
  siteId: { foreign: (f) => [f.siteId], own: (o) => o.siteId, supportReaches: true },
  devId: { foreign: (f) => [f.devId], own: (o) => o.devId, supportReaches: true },
  parentDevId: { foreign: (f) => [f.devId], supportReaches: true },
  clientId: { foreign: (f) => [f.clientId], own: (o) => o.clientId, supportReaches: true },
  clients: { foreign: (f) => [[f.clientId]], own: (o) => [o.clientId], supportReaches: true },
  contactId: { foreign: (f) => [f.contactId], own: (o) => o.contactId, supportReaches: true },
  noteId: { foreign: (f) => [f.noteId], own: (o) => o.noteId, supportReaches: true },
  cmdId: { foreign: (f) => [f.cmdId], own: (o) => o.cmdId, supportReaches: true },
  userId: { foreign: (f) => [f.userId], own: (o) => o.clientUserId, supportReaches: true },
  // accountManagement getUserSitesData, userDetails getUserDataForSites: SUPPORT may look at
  // anyone's locations; a user of another account is refused like an unknown one
  user: { foreign: (f) => [f.userId], own: (o) => o.clientUserId, supportReaches: true },
  locations: { foreign: (f) => [[f.siteId]], own: (o) => [o.siteId], supportReaches: true },
  // userDetails getUserDataForSites: comma-separated, or repeated fields
  locationIds: {
    foreign: (f) => [f.siteId, [f.siteId]],
    own: (o) => o.siteId,
    supportReaches: true,
  },
  users: { foreign: (f) => [[f.userId]], own: () => [], supportReaches: true },
  location: {
    // into a group of another account; with a client of another account
    foreign: (f, _call, o) => [
      { ...locationBase(o.clientId), groupId: f.groupId },
      locationBase(f.clientId),
    ],
    own: (o) => locationBase(o.clientId),
    supportReaches: true,
  },
  imageFileRef: { foreign: (f) => [f.picturePath], supportReaches: true },
  id: {
    foreign: (f, call) => {
      const of = ID_BY_AREA[call.area];
      if (!of) throw new Error(`${call.area} svc=${call.svc}: say in ID_BY_AREA what id names`);
      return [of(f)];
    },
    own: (o, role, call) =>
      call.area === 'groups'
        ? (o.groupOf[role] ?? null)
        : call.area === 'scheduleManagement'
          ? String(o.scheduleId)
          : undefined,
    supportReaches: true,
  },
};

/** An alert is one user's own: nobody else reaches it, SUPPORT neither. */
export const supportReaches = (key: string, call: RegisteredCall) =>
  !(key === 'id' && call.area === 'notificationsManagement') &&
  (ID_KEYS[key]?.supportReaches ?? false);

/** Fields named like an object id that name none in a call, by call, with what they are. */
export const NOT_IDS: Record<string, Record<string, string>> = {
  'eventPuller/getEvents.php': { clientId: 'the polling cursor, a time in ms (spec §7)' },
};

/** Ids a schema cannot name (read from a loose object), by call. */
export const HIDDEN_ID_KEYS: Record<string, readonly string[]> = {
  'clients clientsStats': ['clients'],
};

/** Refusals by design with another status than 403/404, by field and call. */
export const REFUSED_OTHERWISE: readonly { key: string; call: string; status: number }[] = [
  // attaching a picture one cannot read: "Please upload the picture again."
  { key: 'imageFileRef', call: '*', status: 400 },
  // claiming a device of another account (the key is wrong): the spec's "Please check MAC ID or
  // Challenge Key", the same as for a device that does not exist
  { key: 'devId', call: 'devices addNewDevice', status: 400 },
  // the same 409 for any device not waiting to join there: none, another class, another account's
  { key: 'devId', call: 'md2zb.deviceControls join', status: 409 },
  // a person the caller shares no location with: the same 400 as for an id that does not exist
  { key: 'users', call: 'groups createGroupWithLocnsAndUsers', status: 400 },
  { key: 'users', call: 'groups editGroupWithLocnsAndUsers', status: 400 },
];

/** Calls that answer about the ids given only what the caller may see, leaving others out. */
export const FILTERS_IDS: Record<string, string> = {
  'clients clientsStats': 'counts only the clients the caller sees among those asked for',
};

/** Tables a refused call writes on purpose. */
export const WRITTEN_WHEN_REFUSED = new Map([
  ['device_claim_attempts', 'refused claims are counted, to throttle guessing of claim keys'],
  [
    'rate_limit_counters',
    'a limited call is counted per address before its session is checked, so refused requests ' +
      'are throttled too (each count is deleted once its window is over)',
  ],
]);

/** Fields that name no object, valid for every call (schemas ignore fields they do not read). */
export const PLAIN: Record<string, unknown> = {
  pageNo: '1',
  recordsPerPage: '500',
  name: 'Matrix probe',
  note: 'Matrix probe',
  groupName: 'Matrix probe',
  newDevName: 'Matrix probe',
  devName: 'Matrix probe',
  locationName: 'Matrix probe',
  timezone: '-8.00',
  dst: 'no',
  devViewPref: 'outlet_controls',
  outlets: [],
  otlt: '1',
  otlts: '1',
  state: '1',
  type: '1',
  permLvl: 'CLIENT',
  email: 'installer@example.com',
  otltLock: 'true',
  monthlyBudget: '10',
  rates: [],
  offlineGraceSeconds: '60',
  claimKey: 'ABCD-EFGH-JKLM',
  req: 'search',
};

/** A schedule's form (its target is never reached: the location or the id is refused first). */
const scheduleFields = {
  targets: [{ devId: '1065A3000000', otlt: 1 }],
  action: 'cycle',
  time: '02:30',
  dayMask: 127,
};

/** Per call, plain fields that differ from PLAIN. */
export const PLAIN_BY_CALL: Record<string, Record<string, unknown>> = {
  'md2zb.deviceControls join': { state: 'join' },
  'bb232/sequencers.php': { req: 'redraw' },
  'eventPuller/getEvents.php': { clientId: '0' },
  // `type` is the kind of log entry there (PLAIN's '1' is an alert type)
  'eventLogs getEvents': { type: 'outlet' },
  'eventLogs getEventCalendar': { type: 'outlet', month: '2024-05' },
  'eventLogs exportEvents': { type: 'outlet' },
  'scheduleManagement createSchedule': scheduleFields,
  'scheduleManagement editSchedule': scheduleFields,
  'scheduleManagement setScheduleEnabled': { enabled: 'true' },
  // a valid change (never sent: the location or the device is refused first)
  'settingsManagement saveDeviceSettings': { settings: { statusIntervalSec: 30 } },
  // valid changes (never made: the location or the device is refused first)
  'networkManagement savePingTargets': { targets: [] },
  'networkManagement setNetworkOutlet': { feedsNetwork: 'true' },
  'energyManagement getDeviceEnergy': { range: '30d' },
  // a valid choice (never saved: the device is refused first)
  'alertsManagement setAlertEmail': { emailMode: 'immediate', digestMinutes: '60' },
};

/**
 * Calls that take no object id of another account, each with why it cannot be probed with one.
 * `read`: it lists what the caller may see, so every role calls it and no foreign object may
 * appear in the answer.
 */
export const WITHOUT_FOREIGN_ID: Record<string, { reason: string; read?: true }> = {
  'config public': { reason: 'public: the console configuration, the same for everyone' },
  'auth login': { reason: "public: the caller's own credentials" },
  'auth logout': { reason: "public: ends the caller's own session" },
  'auth session': { reason: "the caller's own session", read: true },
  'auth signup': { reason: 'public: creates a new account' },
  'auth verifyEmail': { reason: 'public: a token from an e-mail, not an object id' },
  'auth forgotPassword': { reason: 'public: sends a link to the address given' },
  'auth resetPassword': { reason: 'public: a token from an e-mail, not an object id' },
  'auth outbox': { reason: 'demo mail: who may read it is the outbox rule (auth tests)' },
  'accountManagement verifyEmailChange': { reason: 'public: a token from an e-mail' },
  'accountManagement changePassword': { reason: "the caller's own account" },
  'accountManagement changeEmail': { reason: "the caller's own account" },
  'accountManagement getTimezoneList': { reason: 'the same list for everyone', read: true },
  'userDetails getAccountSettings': { reason: "the caller's own account", read: true },
  'userDetails userDetails': { reason: "the caller's own account", read: true },
  'userDetails updateUserDetails': { reason: "the caller's own account" },
  'userPreference classicUiFeedback': { reason: "the caller's own feedback" },
  'userPreference deleteUser': { reason: "the caller's own account" },
  'locations getSitesData': { reason: "lists the caller's locations", read: true },
  'locations getWatchedSitesData': { reason: "lists the caller's watched locations", read: true },
  'locations getWatchedDevices': { reason: "lists the caller's watched devices", read: true },
  'clients getClients': { reason: "lists the caller's clients", read: true },
  'images uploadPicture': { reason: "stores the caller's own upload" },
  'groups listGroupsForUser': { reason: "lists the caller's groups", read: true },
  'groups getGroupCandidates': { reason: 'what the caller may put in a group', read: true },
  'notificationsManagement enumerate': { reason: "the caller's own alerts", read: true },
  'notificationsManagement readall': { reason: "marks the caller's own alerts read" },
  'alertsManagement listSubscriptions': { reason: "the caller's own subscriptions", read: true },
  'alertsManagement unsubscribeByMail': {
    reason: 'public: a signed token from an alert e-mail (user, subscriptions, expiry), not an id',
  },
  'searchManagement ': { reason: 'searches what the caller may see', read: true },
  'systemStatus get': {
    // who may read it (SUPPORT and owners; 403 for the others) is system-status.int.test.ts
    reason: 'server-wide figures, no object of any account',
  },
  // SUPPORT only (403 for every other role): system-status.int.test.ts
  'systemStatus undeliveredMail': { reason: 'the outbox of the whole service, SUPPORT only' },
  'systemStatus resendMail': { reason: 'an outbox message id, not an object of an account' },
  'eventPuller/alertsPusher.php': {
    // the stream's answer is only its headers here; that it carries no alert of a location the
    // user cannot see is alert-stream.int.test.ts "leaves out a user without access"
    reason: "the live stream of the caller's own alerts",
    read: true,
  },
};
