import { z } from 'zod';
import {
  deviceDiscoverySchema,
  devicePingSchema,
  discoveryRunSchema,
  locationNetworkSchema,
  networkOutletSchema,
} from '../../api/network';
import { pingTargetsSchema } from '../../network/ping-target';
import { type CallGroup, defineCall } from '../call';
import { devIdField, otltField, siteIdField } from '../inputs';

const ANY_LEVEL = 'any level at siteId';
const EDIT_LEVEL = 'a level other than CLIENT at siteId (SUPPORT acts as ADMIN)';

/** `true`/`false` as JSON or form text. */
const flagField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
    message: 'must be true or false',
  })
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * Network Management and Discover Units (issue 15): a location's devices on its network, their
 * auto-ping targets (run by the devices themselves), outlets that feed the site's network, and
 * discovery of attached units. docs/api/network.md.
 */
export const network = {
  getNetwork: defineCall({
    area: 'networkManagement',
    svc: 'getNetwork',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField }),
    output: locationNetworkSchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary:
      'Every device of a location with its connection, IP and MAC, last contact and firmware; ' +
      'gateways with their wireless devices; each device’s ping targets with their live state; ' +
      'outlets that feed the network.',
  }),
  savePingTargets: defineCall({
    area: 'networkManagement',
    svc: 'savePingTargets',
    methods: ['POST'],
    body: 'json',
    input: z.object({ siteId: siteIdField, devId: devIdField, targets: pingTargetsSchema }),
    output: devicePingSchema,
    access: 'user',
    rule: EDIT_LEVEL,
    summary:
      'Replaces a device’s ping targets (at most 8) with a new version and sends it to the ' +
      'device; pending until the device reports running it (re-sent when it reconnects).',
  }),
  setNetworkOutlet: defineCall({
    area: 'networkManagement',
    svc: 'setNetworkOutlet',
    methods: ['POST'],
    input: z.object({
      siteId: siteIdField,
      devId: devIdField,
      otlt: otltField,
      feedsNetwork: flagField,
    }),
    output: networkOutletSchema,
    access: 'user',
    rule: EDIT_LEVEL,
    summary:
      'Marks an outlet (of the device or its kid `devId`) as feeding the site’s network, or not: ' +
      'switching such an outlet off then needs a confirmation.',
  }),
  getDiscovery: defineCall({
    area: 'networkManagement',
    svc: 'getDiscovery',
    methods: ['GET'],
    input: z.object({ siteId: siteIdField, devId: devIdField }),
    output: deviceDiscoverySchema,
    access: 'user',
    rule: ANY_LEVEL,
    summary: 'A device’s attached units and its latest discovery run (phases, units found).',
  }),
  startDiscovery: defineCall({
    area: 'networkManagement',
    svc: 'startDiscovery',
    methods: ['POST'],
    input: z.object({ siteId: siteIdField, devId: devIdField }),
    output: discoveryRunSchema,
    access: 'user',
    rule: EDIT_LEVEL,
    summary:
      'Starts a discovery on a device with attached units: phases follow (starting, scanning, ' +
      'found N, done or failed with its reason); units found are added to the device. 409 while ' +
      'one runs or the device is inactive.',
  }),
} satisfies CallGroup;
