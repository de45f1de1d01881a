import {
  DEFAULT_TIMEZONE,
  DEFAULT_VIEWPREF,
  inlineClientSchema,
  locationNameSchema,
  optionalTextSchema,
  timezoneSchema,
  viewPrefSchema,
  zipCodeSchema,
  type AddLocationAndClient,
} from '@powerdeck/domain';
import { z } from 'zod';

export const chooseClientMessage = 'Please choose a client';

const opt = (v: string | undefined) => (v ? v : undefined);

/** The new client's fields, named apart from the location's own address fields. */
const newClientFields = {
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  phone: z.string(),
  phone2: z.string(),
  email: z.string(),
  clientAddress: z.string(),
  clientAddress2: z.string(),
  clientCity: z.string(),
  clientRegion: z.string(),
  clientCountry: z.string(),
  clientPostalCode: z.string(),
  imageFileRef: z.string(),
};
type NewClientForm = { [K in keyof typeof newClientFields]: string };

/** The inline client of the spec §3 payload, from the form's new-client fields. */
function toClient(form: NewClientForm) {
  return {
    firstName: form.firstName.trim(),
    lastName: opt(form.lastName),
    address: opt(form.clientAddress),
    address2: opt(form.clientAddress2),
    city: opt(form.clientCity),
    postalCode: opt(form.clientPostalCode),
    region: opt(form.clientRegion),
    country: opt(form.clientCountry),
    phone: form.phone.trim(),
    phone2: opt(form.phone2.trim()),
    email: form.email.trim(),
    company: opt(form.company),
    imageFileRef: opt(form.imageFileRef),
    isClient: true as const,
  };
}

/** Where an inline-client issue shows in the form (the payload's address fields are prefixed). */
const CLIENT_FIELD_IN_FORM: Record<string, string> = {
  address: 'clientAddress',
  address2: 'clientAddress2',
  city: 'clientCity',
  region: 'clientRegion',
  country: 'clientCountry',
  postalCode: 'clientPostalCode',
};

/** The wizard's flat form: the domain's location and inline-client rules (spec §3, §5). */
export const wizardFormSchema = z
  .object({
    name: locationNameSchema,
    installDate: z.union([z.literal(''), z.iso.date()]),
    timezone: timezoneSchema,
    dst: z.boolean(),
    viewpref: viewPrefSchema,
    address: optionalTextSchema,
    address2: optionalTextSchema,
    city: optionalTextSchema,
    region: optionalTextSchema,
    country: optionalTextSchema,
    postalCode: zipCodeSchema,
    groupId: z.string(),
    clientMode: z.enum(['existing', 'new']),
    clientContact: z.string(),
    ...newClientFields,
  })
  .superRefine((form, ctx) => {
    // An existing client makes the new-client fields irrelevant (spec §5).
    if (form.clientMode === 'existing') {
      if (form.clientContact === '') {
        ctx.addIssue({ code: 'custom', message: chooseClientMessage, path: ['clientContact'] });
      }
      return;
    }
    // The domain's rule, as the server applies it: name, phone and e-mail (spec §5).
    const parsed = inlineClientSchema.safeParse(toClient(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const [field, ...rest] = issue.path.map(String);
      const path = [CLIENT_FIELD_IN_FORM[field ?? ''] ?? field ?? '', ...rest];
      ctx.addIssue({ code: 'custom', message: issue.message, path });
    }
  });
export type WizardForm = z.input<typeof wizardFormSchema>;

export const wizardDefaults: WizardForm = {
  name: '',
  installDate: '',
  timezone: DEFAULT_TIMEZONE,
  dst: false,
  viewpref: DEFAULT_VIEWPREF,
  address: '',
  address2: '',
  city: '',
  region: '',
  country: '',
  postalCode: '',
  groupId: '',
  clientMode: 'existing',
  clientContact: '',
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  phone2: '',
  email: '',
  clientAddress: '',
  clientAddress2: '',
  clientCity: '',
  clientRegion: '',
  clientCountry: '',
  clientPostalCode: '',
  imageFileRef: '',
};

/** The fields each of the three steps validates before Next. */
export const STEP_FIELDS: readonly (readonly (keyof WizardForm)[])[] = [
  ['name', 'installDate', 'timezone', 'dst', 'viewpref', 'groupId'],
  ['address', 'address2', 'city', 'region', 'country', 'postalCode'],
  ['clientMode', 'clientContact', ...(Object.keys(newClientFields) as (keyof NewClientForm)[])],
];

/** The spec §3 payload: location (with defaults) and, for a new client, the client. */
export function toPayload(form: WizardForm): AddLocationAndClient {
  const [year, month, day] = form.installDate ? form.installDate.split('-') : [];
  const location = {
    name: form.name.trim(),
    address: opt(form.address),
    address2: opt(form.address2),
    city: opt(form.city),
    postalCode: opt(form.postalCode),
    region: opt(form.region),
    country: opt(form.country),
    dst: form.dst ? ('yes' as const) : ('no' as const),
    timezone: form.timezone || DEFAULT_TIMEZONE,
    viewpref: form.viewpref,
    installday: day,
    installmonth: month,
    installyear: year,
    groupId: opt(form.groupId),
    clientContact: form.clientMode === 'existing' ? form.clientContact : undefined,
  };
  if (form.clientMode === 'existing') return { location };
  return { location, client: toClient(form) };
}
