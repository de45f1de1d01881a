import type { CallDef } from './call';
import { config } from './calls/config';
import { auth } from './calls/auth';
import { locations } from './calls/locations';
import { locationAdmin } from './calls/location-admin';
import { locationCreate } from './calls/location-create';
import { siteSettings } from './calls/site-settings';
import { images } from './calls/images';
import { clients } from './calls/clients';
import { groups } from './calls/groups';
import { notes } from './calls/notes';
import { search } from './calls/search';
import { account } from './calls/account';
import { alerts } from './calls/alerts';
import { registration } from './calls/registration';
import { deviceViews } from './calls/device-views';
import { deviceControls } from './calls/device-controls';
import { deviceStreams } from './calls/device-streams';
import { alertStream } from './calls/alert-stream';
import { legacyDevice } from './calls/legacy-device';
import { schedules } from './calls/schedules';
import { eventLogs } from './calls/event-logs';
import { deviceSettings } from './calls/device-settings';
import { firmware } from './calls/firmware';
import { network } from './calls/network';
import { energy } from './calls/energy';
import { systemStatus } from './calls/system-status';

/**
 * Every call of the HTTP API, in groups by feature (the client's `api.<group>.<call>`; a group may
 * hold calls of several spec areas). Adding a call is adding an entry here: the server must then
 * register a handler for it, the client can call it, and the OpenAPI document describes it.
 */
export const callTable = {
  config,
  auth,
  locations,
  locationAdmin,
  locationCreate,
  siteSettings,
  images,
  clients,
  groups,
  notes,
  search,
  account,
  alerts,
  registration,
  deviceViews,
  deviceControls,
  deviceStreams,
  alertStream,
  legacyDevice,
  schedules,
  eventLogs,
  deviceSettings,
  firmware,
  network,
  energy,
  systemStatus,
} satisfies Record<string, Record<string, CallDef>>;

export type CallTable = typeof callTable;

/** Every entry of the table, flat. */
export function allCalls(): CallDef[] {
  return Object.values(callTable).flatMap((group) => Object.values(group) as CallDef[]);
}
