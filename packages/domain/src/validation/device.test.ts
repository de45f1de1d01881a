import { describe, expect, it } from 'vitest';
import {
  addDeviceSchema,
  challengeKeyPartSchema,
  challengeKeyPartsSchema,
  deviceNameSchema,
  duplicateOutletIndexes,
  editOutletsSchema,
  ipv4Schema,
  isIpv4,
  macIdSchema,
  macPartSchema,
  macPartsSchema,
  outletLabelSchema,
  outletSelectionsSchema,
  registerDeviceFormSchema,
  registrationFromForm,
  shellDeviceNameSchema,
  splitMacId,
} from './device';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

const buildForm = (over: Record<string, string> = {}) => ({
  mac0: '10',
  mac1: '65',
  mac2: 'A3',
  mac3: '00',
  mac4: 'ab',
  mac5: '01',
  ckey0: 'AB12',
  ckey1: 'CD34',
  ckey2: 'EF56',
  ...over,
});

describe('MAC ID', () => {
  it('MAC part of 2 hex characters is accepted and upper-cased', () => {
    expect(macPartSchema.parse('a3')).toBe('A3');
  });

  it('MAC part of 1 or 3 characters is rejected', () => {
    expect(firstMessage(macPartSchema.safeParse('1'))).toBe('Please enter MAC ID');
    expect(firstMessage(macPartSchema.safeParse('123'))).toBe('Please enter MAC ID');
  });

  it('MAC part that is not hex is rejected', () => {
    expect(firstMessage(macPartSchema.safeParse('G1'))).toBe('Please enter MAC ID');
  });

  it('six MAC parts join into the devId', () => {
    expect(macPartsSchema.parse(['10', '65', 'a3', '00', '00', '01'])).toBe('1065A3000001');
  });

  it('five MAC parts are rejected', () => {
    expect(firstMessage(macPartsSchema.safeParse(['10', '65', 'A3', '00', '00']))).toBe(
      'Please enter MAC ID',
    );
  });

  it('MAC ID text with or without colons normalises to upper-case hex', () => {
    expect(macIdSchema.parse('10:65:a3:00:00:01')).toBe('1065A3000001');
    expect(macIdSchema.parse('1065a3000001')).toBe('1065A3000001');
    expect(macIdSchema.safeParse('1065A300001').success).toBe(false);
  });

  it('splits a devId into its six boxes', () => {
    expect(splitMacId('1065A3000001')).toEqual(['10', '65', 'A3', '00', '00', '01']);
  });
});

describe('challenge key', () => {
  it('challenge key part of exactly 4 characters is accepted', () => {
    expect(challengeKeyPartSchema.safeParse('ab12').success).toBe(true);
  });

  it('challenge key part of 3 or 5 characters is rejected', () => {
    expect(firstMessage(challengeKeyPartSchema.safeParse('abc'))).toBe(
      'Please enter Challenge key',
    );
    expect(firstMessage(challengeKeyPartSchema.safeParse('abcde'))).toBe(
      'Please enter Challenge key',
    );
  });

  it('three parts join into the claim key; two are rejected', () => {
    expect(challengeKeyPartsSchema.parse(['AB12', 'CD34', 'EF56'])).toBe('AB12CD34EF56');
    expect(challengeKeyPartsSchema.safeParse(['AB12', 'CD34']).success).toBe(false);
  });

  it('addNewDevice body takes a MAC ID and a 12-character claim key', () => {
    expect(
      addDeviceSchema.parse({ devId: '10:65:A3:00:00:01', claimKey: 'AB12-CD34-EF56' }),
    ).toEqual({ devId: '1065A3000001', claimKey: 'AB12CD34EF56' });
    expect(addDeviceSchema.safeParse({ devId: '1065A3000001', claimKey: 'AB12' }).success).toBe(
      false,
    );
  });
});

describe('register device form', () => {
  it('a full form is valid and yields devId and claimKey', () => {
    const form = registerDeviceFormSchema.parse(buildForm());
    expect(registrationFromForm(form)).toEqual({
      devId: '1065A300AB01',
      claimKey: 'AB12CD34EF56',
    });
  });

  it('empty confirmation passes', () => {
    expect(
      registerDeviceFormSchema.safeParse({ ...buildForm(), password: 'x', password_confirm: '' })
        .success,
    ).toBe(true);
  });

  it('differing username confirmation fails on the confirmation field', () => {
    const result = registerDeviceFormSchema.safeParse({
      ...buildForm(),
      username: 'a',
      username_confirm: 'b',
    });
    expect(result.error?.issues[0]?.path).toEqual(['username_confirm']);
  });

  it('differing password confirmation fails', () => {
    expect(
      registerDeviceFormSchema.safeParse({ ...buildForm(), password: 'a', password_confirm: 'b' })
        .success,
    ).toBe(false);
  });

  it('an empty IP address and e-mail are allowed; a bad one is not', () => {
    expect(
      registerDeviceFormSchema.safeParse({ ...buildForm(), ipAddress: '', email: '' }).success,
    ).toBe(true);
    expect(registerDeviceFormSchema.safeParse({ ...buildForm(), ipAddress: '1.2.3' }).success).toBe(
      false,
    );
  });

  it('a missing MAC box blocks register', () => {
    expect(firstMessage(registerDeviceFormSchema.safeParse(buildForm({ mac3: '' })))).toBe(
      'Please enter MAC ID',
    );
  });
});

describe('IPv4', () => {
  it('four dot parts each 0-255 are accepted', () => {
    expect(isIpv4('0.0.0.0')).toBe(true);
    expect(isIpv4('255.255.255.255')).toBe(true);
    expect(isIpv4('192.168.1.20')).toBe(true);
  });

  it('a part of 256, three parts, five parts or letters are rejected', () => {
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('1.1.1')).toBe(false);
    expect(isIpv4('1.1.1.1.1')).toBe(false);
    expect(isIpv4('a.b.c.d')).toBe(false);
    expect(isIpv4('1..1.1')).toBe(false);
    expect(isIpv4('-1.1.1.1')).toBe(false);
  });

  it('the literal {ip} is rejected', () => {
    expect(isIpv4('{ip}')).toBe(false);
    expect(ipv4Schema.safeParse('{ip}').success).toBe(false);
  });
});

describe('device name', () => {
  it('device name of 40 characters is valid and of 41 is not', () => {
    expect(deviceNameSchema.safeParse('d'.repeat(40)).success).toBe(true);
    expect(firstMessage(deviceNameSchema.safeParse('d'.repeat(41)))).toBe(
      'Maximum length allowed is 40',
    );
  });

  it('empty device name says Device Name cannot be empty', () => {
    expect(firstMessage(deviceNameSchema.safeParse('  '))).toBe('Device Name cannot be empty');
  });

  it('empty device name in the shell says Please enter the device name', () => {
    expect(firstMessage(shellDeviceNameSchema.safeParse(''))).toBe('Please enter the device name');
  });

  it('outlet label of 40 characters is valid, of 41 is not, and empty is allowed', () => {
    expect(outletLabelSchema.safeParse('o'.repeat(40)).success).toBe(true);
    expect(outletLabelSchema.safeParse('o'.repeat(41)).success).toBe(false);
    expect(outletLabelSchema.safeParse('').success).toBe(true);
  });
});

describe('edit outlets payload', () => {
  const build = (lblId: number) => ({
    siteId: '1',
    devId: 'CV1',
    devClass: 'cv2',
    outlets: [
      { devId: 'K1', devClass: 'kf1500', info: [{ otltId: 1, lblId, name: 'Amp', state: 1 }] },
    ],
  });

  it('accepts label ids 1-3 and rejects 0 and 4', () => {
    expect(editOutletsSchema.safeParse(build(1)).success).toBe(true);
    expect(editOutletsSchema.safeParse(build(3)).success).toBe(true);
    expect(editOutletsSchema.safeParse(build(0)).success).toBe(false);
    expect(editOutletsSchema.safeParse(build(4)).success).toBe(false);
  });

  it('rejects an unknown device class', () => {
    expect(editOutletsSchema.safeParse({ ...build(1), devClass: 'x' }).success).toBe(false);
  });
});

describe('duplicate outlet', () => {
  it('the same device id and outlet may not appear twice', () => {
    const rows = [
      { devId: 'A', outlet: 1 },
      { devId: 'A', outlet: 2 },
      { devId: 'B', outlet: 1 },
      { devId: 'A', outlet: 1 },
    ];
    expect(duplicateOutletIndexes(rows)).toEqual([3]);
    const result = outletSelectionsSchema.safeParse(rows);
    expect(result.error?.issues[0]?.path).toEqual([3, 'outlet']);
    expect(result.error?.issues[0]?.message).toBe('This outlet is already selected');
  });

  it('distinct selections pass', () => {
    expect(outletSelectionsSchema.safeParse([{ devId: 'A', outlet: 1 }]).success).toBe(true);
  });
});
