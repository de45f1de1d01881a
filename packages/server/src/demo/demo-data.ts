/** The demo's people and places: plain facts, turned into rows by builders.ts. */

import type { DeviceClass } from '@powerdeck/domain';

export const DEMO_PASSWORD = 'powerdeck-demo';

export const DEMO_USERS = [
  { key: 'owner', firstName: 'Olivia', lastName: 'Owens', level: 'owner' },
  { key: 'admin', firstName: 'Adam', lastName: 'Alvarez', level: 'ADMIN' },
  { key: 'installer', firstName: 'Ines', lastName: 'Ivanova', level: 'INSTALLER' },
  { key: 'client', firstName: 'Clara', lastName: 'Chen', level: 'CLIENT' },
  // the SUPPORT tier holds no level of its own and acts as ADMIN everywhere
  { key: 'support', firstName: 'Sam', lastName: 'Sutton', level: null },
] as const;

export type DemoUserKey = (typeof DEMO_USERS)[number]['key'];

export const demoEmail = (key: DemoUserKey) => `${key}@example.com`;

export interface DemoClient {
  key: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  city: string;
  region: string;
  postalCode: string;
  address: string;
  contacts: readonly { firstName: string; lastName: string; phone: string; email: string }[];
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    key: 'harbor',
    name: 'Harbor View Properties',
    company: 'Harbor View Properties LLC',
    email: 'facilities@harborview.example.com',
    phone: '4155550142',
    address: '1 Embarcadero Center',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94111',
    contacts: [
      {
        firstName: 'Maya',
        lastName: 'Lindqvist',
        phone: '4155550143',
        email: 'maya.lindqvist@harborview.example.com',
      },
      {
        firstName: 'Tom',
        lastName: 'Becker',
        phone: '4155550188',
        email: 'tom.becker@harborview.example.com',
      },
    ],
  },
  {
    key: 'summit',
    name: 'Summit Dental Group',
    company: 'Summit Dental Group PC',
    email: 'office@summitdental.example.com',
    phone: '3035550117',
    address: '1600 Glenarm Pl',
    city: 'Denver',
    region: 'CO',
    postalCode: '80202',
    contacts: [
      {
        firstName: 'Priya',
        lastName: 'Raman',
        phone: '3035550118',
        email: 'priya.raman@summitdental.example.com',
      },
    ],
  },
  {
    key: 'lakeside',
    name: 'Lakeside Community Church',
    company: 'Lakeside Community Church',
    email: 'av@lakesidechurch.example.org',
    phone: '6125550190',
    address: '2400 Lake Street W',
    city: 'Minneapolis',
    region: 'MN',
    postalCode: '55408',
    contacts: [
      {
        firstName: 'Daniel',
        lastName: 'Okoro',
        phone: '6125550191',
        email: 'daniel.okoro@lakesidechurch.example.org',
      },
      {
        firstName: 'Ruth',
        lastName: 'Halvorsen',
        phone: '6125550192',
        email: 'ruth.halvorsen@lakesidechurch.example.org',
      },
    ],
  },
  {
    key: 'pinecrest',
    name: 'Pinecrest Residences',
    company: 'Pinecrest Home Owners',
    email: 'board@pinecrest.example.com',
    phone: '5035550163',
    address: '815 NW Marshall St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97209',
    contacts: [
      {
        firstName: 'Lena',
        lastName: 'Fischer',
        phone: '5035550164',
        email: 'lena.fischer@pinecrest.example.com',
      },
    ],
  },
  {
    key: 'brightline',
    name: 'Brightline Fitness',
    company: 'Brightline Fitness Inc.',
    email: 'it@brightline.example.com',
    phone: '5125550101',
    address: '300 W 6th St',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    contacts: [
      {
        firstName: 'Marcus',
        lastName: 'Webb',
        phone: '5125550102',
        email: 'marcus.webb@brightline.example.com',
      },
      {
        firstName: 'Sofia',
        lastName: 'Moreno',
        phone: '5125550103',
        email: 'sofia.moreno@brightline.example.com',
      },
    ],
  },
  {
    key: 'redwood',
    name: 'Redwood Hotel & Spa',
    company: 'Redwood Hospitality',
    email: 'engineering@redwoodhotel.example.com',
    phone: '7075550175',
    address: '10 Vineyard Way',
    city: 'Napa',
    region: 'CA',
    postalCode: '94558',
    contacts: [
      {
        firstName: 'Hiro',
        lastName: 'Tanaka',
        phone: '7075550176',
        email: 'hiro.tanaka@redwoodhotel.example.com',
      },
    ],
  },
];

export interface DemoLocation {
  name: string;
  /** DEMO_CLIENTS key, or null for a location without a client. */
  client: string | null;
  address: string;
  city: string;
  region: string;
  postalCode: string;
  timezone: string;
  dst: boolean;
  /** Parent-device groups placed here; 0 leaves the location empty. */
  deviceGroups: number;
  locked?: boolean;
  /** Every device here is offline (a red connectivity badge). */
  offline?: boolean;
  /** Shared with the demo client user. */
  clientUser?: boolean;
  /** Watched / muted by the owner user. */
  watched?: boolean;
  muted?: boolean;
  /** No energy rates (the Energy Usage tab shows kWh only and says rates are not set). */
  noRates?: boolean;
}

/**
 * The seasonal electricity rates of every demo location but one (per kWh): summer June to
 * September, winter October to May, across the new year.
 */
export const DEMO_RATES = [
  { season: 'Summer', startMonth: 6, endMonth: 9, rate: 0.24 },
  { season: 'Winter', startMonth: 10, endMonth: 5, rate: 0.17 },
] as const;

const pacific = { timezone: '-8.00', dst: true };
const mountain = { timezone: '-7.00', dst: true };
const central = { timezone: '-6.00', dst: true };

export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  {
    name: 'Harbor View Lobby',
    client: 'harbor',
    address: '1 Embarcadero Center',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94111',
    ...pacific,
    deviceGroups: 3,
    watched: true,
    clientUser: true,
  },
  {
    name: 'Harbor View Penthouse',
    client: 'harbor',
    address: '1 Embarcadero Center, PH2',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94111',
    ...pacific,
    deviceGroups: 2,
    clientUser: true,
  },
  {
    name: 'Harbor View Parking Garage',
    client: 'harbor',
    address: '155 Drumm St',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94111',
    ...pacific,
    deviceGroups: 1,
    offline: true,
    clientUser: true,
  },
  {
    name: 'Harbor View Rooftop Bar',
    client: 'harbor',
    address: '1 Embarcadero Center, Roof',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94111',
    ...pacific,
    deviceGroups: 0,
    clientUser: true,
  },
  {
    name: 'Summit Dental - Downtown',
    client: 'summit',
    address: '1600 Glenarm Pl, Suite 300',
    city: 'Denver',
    region: 'CO',
    postalCode: '80202',
    ...mountain,
    deviceGroups: 2,
    watched: true,
  },
  {
    name: 'Summit Dental - Cherry Creek',
    client: 'summit',
    address: '250 Columbine St',
    city: 'Denver',
    region: 'CO',
    postalCode: '80206',
    ...mountain,
    deviceGroups: 2,
    muted: true,
  },
  {
    name: 'Summit Dental - Boulder',
    client: 'summit',
    address: '1919 14th St',
    city: 'Boulder',
    region: 'CO',
    postalCode: '80302',
    ...mountain,
    deviceGroups: 1,
  },
  {
    name: 'Lakeside Sanctuary',
    client: 'lakeside',
    address: '2400 Lake Street W',
    city: 'Minneapolis',
    region: 'MN',
    postalCode: '55408',
    ...central,
    deviceGroups: 3,
    locked: true,
    watched: true,
  },
  {
    name: 'Lakeside Fellowship Hall',
    client: 'lakeside',
    address: '2410 Lake Street W',
    city: 'Minneapolis',
    region: 'MN',
    postalCode: '55408',
    ...central,
    deviceGroups: 2,
  },
  {
    name: 'Lakeside Youth Center',
    client: 'lakeside',
    address: '2420 Lake Street W',
    city: 'Minneapolis',
    region: 'MN',
    postalCode: '55408',
    ...central,
    deviceGroups: 1,
    muted: true,
  },
  {
    name: 'Pinecrest Clubhouse',
    client: 'pinecrest',
    address: '815 NW Marshall St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97209',
    ...pacific,
    deviceGroups: 2,
    clientUser: true,
  },
  {
    name: 'Pinecrest Gatehouse',
    client: 'pinecrest',
    address: '801 NW Marshall St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97209',
    ...pacific,
    deviceGroups: 1,
    locked: true,
    clientUser: true,
  },
  {
    name: 'Pinecrest Pool Pavilion',
    client: 'pinecrest',
    address: '830 NW Marshall St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97209',
    ...pacific,
    deviceGroups: 0,
  },
  {
    name: 'Brightline South Congress',
    client: 'brightline',
    address: '1500 S Congress Ave',
    city: 'Austin',
    region: 'TX',
    postalCode: '78704',
    ...central,
    deviceGroups: 2,
    watched: true,
  },
  {
    name: 'Brightline Domain',
    client: 'brightline',
    address: '11410 Century Oaks Terrace',
    city: 'Austin',
    region: 'TX',
    postalCode: '78758',
    ...central,
    deviceGroups: 2,
  },
  {
    name: 'Brightline Round Rock',
    client: 'brightline',
    address: '201 University Oaks Blvd',
    city: 'Round Rock',
    region: 'TX',
    postalCode: '78665',
    ...central,
    deviceGroups: 1,
    offline: true,
  },
  {
    name: 'Brightline Cedar Park',
    client: 'brightline',
    address: '1335 E Whitestone Blvd',
    city: 'Cedar Park',
    region: 'TX',
    postalCode: '78613',
    ...central,
    deviceGroups: 1,
  },
  {
    name: 'Redwood Grand Ballroom',
    client: 'redwood',
    address: '10 Vineyard Way',
    city: 'Napa',
    region: 'CA',
    postalCode: '94558',
    ...pacific,
    deviceGroups: 3,
    watched: true,
    muted: true,
  },
  {
    name: 'Redwood Spa Pavilion',
    client: 'redwood',
    address: '12 Vineyard Way',
    city: 'Napa',
    region: 'CA',
    postalCode: '94558',
    ...pacific,
    deviceGroups: 1,
    locked: true,
  },
  {
    name: 'Redwood Wine Cellar',
    client: 'redwood',
    address: '14 Vineyard Way',
    city: 'Napa',
    region: 'CA',
    postalCode: '94558',
    ...pacific,
    deviceGroups: 1,
  },
  {
    name: 'Redwood Conference Center',
    client: 'redwood',
    address: '16 Vineyard Way',
    city: 'Napa',
    region: 'CA',
    postalCode: '94558',
    ...pacific,
    deviceGroups: 2,
  },
  {
    name: 'Integrator Showroom',
    client: null,
    address: '4200 Alameda St',
    city: 'Los Angeles',
    region: 'CA',
    postalCode: '90058',
    ...pacific,
    deviceGroups: 3,
  },
  {
    name: 'Integrator Warehouse',
    client: null,
    address: '4210 Alameda St',
    city: 'Los Angeles',
    region: 'CA',
    postalCode: '90058',
    ...pacific,
    deviceGroups: 0,
  },
  {
    name: 'Test Bench',
    client: null,
    address: '4200 Alameda St, Lab 2',
    city: 'Los Angeles',
    region: 'CA',
    postalCode: '90058',
    ...pacific,
    deviceGroups: 1,
    noRates: true,
  },
];

/** Where things are plugged in: device and outlet labels. */
export const ROOM_NAMES = [
  'Equipment Rack',
  'Main Rack',
  'Lobby',
  'AV Closet',
  'Theater',
  'Server Room',
  'Stage Left',
  'Stage Right',
  'Front Desk',
  'Back Office',
] as const;

export const OUTLET_LABELS = [
  'Projector',
  'Amplifier',
  'DSP',
  'Network Switch',
  'Router',
  'Display Left',
  'Display Right',
  'Media Player',
  'Camera',
  'Access Point',
  'Mixer',
  'Subwoofer',
  'Lighting',
  'Blu-ray',
  'Cable Box',
  'Streaming Box',
  'NVR',
  'Modem',
  'Rack Fan',
  'Control Processor',
] as const;

/**
 * The site's modem at the first location: plugged into the last outlet of its first device (the
 * first group of the demo), labelled so, and reported by the device as its uplink (status
 * `uplinkOtlt`), so that outlet feeds the location's network by default. The last outlet, not the
 * first: the demo schedules and the first-outlet habits of the tests leave it alone.
 */
export const DEMO_UPLINK = { group: 0, label: 'Modem' } as const;

/**
 * Units on a demo device's bus that the seed did not record: each demo bb232 carries one more
 * sequencer of this class, which Discover Units finds (and adds) as a new unit.
 */
export const DEMO_UNDISCOVERED_UNITS: Partial<Record<DeviceClass, DeviceClass>> = {
  bb232: 'cn2400',
};
