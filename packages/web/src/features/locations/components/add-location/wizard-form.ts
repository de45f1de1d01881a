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
    clientMode: z.enum(['existing', 'new']),
    clientContact: z.string(),
    firstName: z.string(),
    phone: z.string(),
    email: z.string(),
    company: z.string(),
    imageFileRef: z.string(),
  })
  .superRefine((form, ctx) => {
    // An existing client makes the new-client fields irrelevant (spec §5).
    if (form.clientMode === 'existing') {
      if (form.clientContact === '') {
        ctx.addIssue({ code: 'custom', message: chooseClientMessage, path: ['clientContact'] });
      }
      return;
    }
    const parsed = inlineClientSchema.safeParse({
      firstName: form.firstName,
      phone: form.phone,
      email: form.email,
    });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
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
  clientMode: 'existing',
  clientContact: '',
  firstName: '',
  phone: '',
  email: '',
  company: '',
  imageFileRef: '',
};

/** The fields each of the three steps validates before Next. */
export const STEP_FIELDS: readonly (readonly (keyof WizardForm)[])[] = [
  ['name', 'installDate', 'timezone', 'dst', 'viewpref'],
  ['address', 'address2', 'city', 'region', 'country', 'postalCode'],
  ['clientMode', 'clientContact', 'firstName', 'phone', 'email'],
];

const opt = (v: string | undefined) => (v ? v : undefined);

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
    groupId: undefined,
    clientContact: form.clientMode === 'existing' ? form.clientContact : undefined,
  };
  if (form.clientMode === 'existing') return { location };
  return {
    location,
    client: {
      firstName: form.firstName.trim(),
      phone: form.phone.trim(),
      email: form.email.trim(),
      company: opt(form.company),
      imageFileRef: opt(form.imageFileRef),
      isClient: true,
    },
  };
}
