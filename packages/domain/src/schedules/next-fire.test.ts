import { describe, expect, it } from 'vitest';
import { DAY_MASKS, encodeDayMask } from './day-mask';
import { fireTimesBetween, nextFire } from './next-fire';
import { type LocationZone, localDateOf, localParts, locationZone } from './zones';

const iana = (zone: string): LocationZone => ({ kind: 'iana', zone });
const at = (iso: string) => new Date(iso);
const everyDay = (time: string) => ({ time, dayMask: DAY_MASKS.everyDay });
const localTime = (fire: Date, zone: LocationZone) => {
  const { hour, minute } = localParts(+fire, zone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

/** The dates 'YYYY-MM-DD' of a calendar year. */
function datesOf(year: number): string[] {
  const dates: string[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/** The fires of a rule whose local date is in 2026, as local date → fire instants. */
function firesOf2026(rule: { time: string; dayMask: number }, zone: LocationZone) {
  const fires = fireTimesBetween(
    rule,
    zone,
    at('2025-12-30T00:00:00Z'),
    at('2027-01-02T00:00:00Z'),
  );
  const byDate = new Map<string, Date[]>();
  for (const fire of fires) {
    const date = localDateOf(fire, zone);
    if (date.startsWith('2026-')) byDate.set(date, [...(byDate.get(date) ?? []), fire]);
  }
  return byDate;
}

const dstZones = [
  {
    zone: 'America/Los_Angeles',
    springForward: { date: '2026-03-08', time: '02:30', fire: '2026-03-08T10:00:00.000Z' },
    fallBack: { date: '2026-11-01', time: '01:30', fire: '2026-11-01T08:30:00.000Z' },
    afterFallBack: { time: '02:30', fire: '2026-11-01T10:30:00.000Z' },
  },
  {
    zone: 'Europe/London',
    springForward: { date: '2026-03-29', time: '01:30', fire: '2026-03-29T01:00:00.000Z' },
    fallBack: { date: '2026-10-25', time: '01:30', fire: '2026-10-25T00:30:00.000Z' },
    afterFallBack: { time: '02:30', fire: '2026-10-25T02:30:00.000Z' },
  },
  {
    zone: 'Australia/Sydney',
    springForward: { date: '2026-10-04', time: '02:30', fire: '2026-10-03T16:00:00.000Z' },
    fallBack: { date: '2026-04-05', time: '02:30', fire: '2026-04-04T15:30:00.000Z' },
    afterFallBack: { time: '03:30', fire: '2026-04-04T17:30:00.000Z' },
  },
];

describe('nextFire across daylight saving time', () => {
  for (const { zone: name, springForward, fallBack, afterFallBack } of dstZones) {
    const zone = iana(name);

    for (const time of new Set(['02:30', springForward.time, fallBack.time])) {
      it(`${name}: every day at ${time} fires exactly once on each day of 2026`, () => {
        const byDate = firesOf2026(everyDay(time), zone);
        expect([...byDate.keys()]).toEqual(datesOf(2026));
        for (const [date, fires] of byDate) {
          expect(fires, date).toHaveLength(1);
          const skipped = date === springForward.date && time === springForward.time;
          if (!skipped) expect(localTime(fires[0] ?? new Date(Number.NaN), zone), date).toBe(time);
        }
      });
    }

    it(`${name}: a time the clocks skip on ${springForward.date} fires at the first minute after`, () => {
      const fires = firesOf2026(everyDay(springForward.time), zone).get(springForward.date);
      expect(fires?.map((fire) => fire.toISOString())).toEqual([springForward.fire]);
      expect(localTime(fires?.[0] ?? new Date(Number.NaN), zone)).not.toBe(springForward.time);
    });

    it(`${name}: a time that happens twice on ${fallBack.date} fires once, the first time`, () => {
      const fires = firesOf2026(everyDay(fallBack.time), zone).get(fallBack.date);
      expect(fires?.map((fire) => fire.toISOString())).toEqual([fallBack.fire]);
      const second = new Date(Date.parse(fallBack.fire) + 3_600_000);
      expect(localTime(second, zone)).toBe(fallBack.time);
      expect(
        localDateOf(nextFire(everyDay(fallBack.time), zone, at(fallBack.fire)) ?? 0, zone),
      ).not.toBe(fallBack.date);
    });

    it(`${name}: a time after the repeated hour on ${fallBack.date} fires once`, () => {
      const fires = firesOf2026(everyDay(afterFallBack.time), zone).get(fallBack.date);
      expect(fires?.map((fire) => fire.toISOString())).toEqual([afterFallBack.fire]);
    });
  }

  it('a location with DST off (-8.00) fires at 10:30Z all year', () => {
    const zone = locationZone('-8.00', false);
    const fires = fireTimesBetween(
      everyDay('02:30'),
      zone,
      at('2026-01-01T00:00:00Z'),
      at('2027-01-01T00:00:00Z'),
    );
    expect(fires).toHaveLength(365);
    expect(fires.map((fire) => fire.toISOString().slice(0, 10))).toEqual(datesOf(2026));
    expect(fires.every((fire) => fire.toISOString().endsWith('T10:30:00.000Z'))).toBe(true);
  });

  it('the same location with DST on fires at 09:30Z in summer', () => {
    const fire = nextFire(
      everyDay('02:30'),
      locationZone('-8.00', true),
      at('2026-07-01T00:00:00Z'),
    );
    expect(fire?.toISOString()).toBe('2026-07-01T09:30:00.000Z');
  });
});

describe('nextFire east and west of UTC', () => {
  it('Asia/Kolkata (+5:30) fires at 09:00 local, 03:30Z', () => {
    const fire = nextFire(everyDay('09:00'), iana('Asia/Kolkata'), at('2026-05-10T00:00:00Z'));
    expect(fire?.toISOString()).toBe('2026-05-10T03:30:00.000Z');
  });

  it('Asia/Kathmandu (+5:45) fires on the local date, the UTC day before for an early time', () => {
    const zone = locationZone('5.75', true);
    const fire = nextFire(everyDay('03:00'), zone, at('2026-05-10T00:00:00Z'));
    expect(fire?.toISOString()).toBe('2026-05-10T21:15:00.000Z');
    expect(localDateOf(fire ?? 0, zone)).toBe('2026-05-11');
  });

  it('Asia/Tokyo (+9) at 06:00 is 21:00Z the day before', () => {
    const fire = nextFire(
      everyDay('06:00'),
      locationZone('9.00', true),
      at('2026-05-10T12:00:00Z'),
    );
    expect(fire?.toISOString()).toBe('2026-05-10T21:00:00.000Z');
  });

  it('America/New_York (-5) at 20:00 in winter is 01:00Z the next UTC day', () => {
    const fire = nextFire(
      everyDay('20:00'),
      locationZone('-5.00', true),
      at('2026-01-10T12:00:00Z'),
    );
    expect(fire?.toISOString()).toBe('2026-01-11T01:00:00.000Z');
  });

  it('Newfoundland (-3:30) with DST fires at 08:00 local, 10:30Z in summer', () => {
    const fire = nextFire(
      everyDay('08:00'),
      locationZone('-3.50', true),
      at('2026-07-01T00:00:00Z'),
    );
    expect(fire?.toISOString()).toBe('2026-07-01T10:30:00.000Z');
  });
});

describe('nextFire over the calendar', () => {
  const utc = locationZone('0.00', false);

  it('from the 31st it moves on to the 1st of the next month', () => {
    const fire = nextFire(everyDay('12:00'), utc, at('2026-03-31T12:00:00Z'));
    expect(fire?.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    const kathmandu = iana('Asia/Kathmandu');
    // 18:20Z on the 31st is already 00:05 on February 1st in Kathmandu.
    const local = nextFire(everyDay('00:10'), kathmandu, at('2026-01-31T18:20:00Z'));
    expect(local?.toISOString()).toBe('2026-01-31T18:25:00.000Z');
    expect(localDateOf(local ?? 0, kathmandu)).toBe('2026-02-01');
  });

  it('a schedule starting on leap day 2028-02-29 fires first on that day', () => {
    const rule = { ...everyDay('08:00'), startDate: '2028-02-29' };
    const fire = nextFire(rule, iana('Europe/Berlin'), at('2026-06-01T00:00:00Z'));
    expect(fire?.toISOString()).toBe('2028-02-29T07:00:00.000Z');
    const ending = { ...everyDay('08:00'), endDate: '2028-02-29' };
    expect(nextFire(ending, iana('Europe/Berlin'), at('2028-02-29T07:00:00Z'))).toBeNull();
  });

  it('weekdays and weekend masks fire on their days of a week', () => {
    const zone = iana('Asia/Tokyo');
    const from = at('2026-03-08T15:00:00Z'); // Monday 2026-03-09 00:00 in Tokyo
    const to = at('2026-03-15T15:00:00Z');
    const datesFor = (dayMask: number) =>
      fireTimesBetween({ time: '07:15', dayMask }, zone, from, to).map((fire) =>
        localDateOf(fire, zone),
      );
    expect(datesFor(DAY_MASKS.weekdays)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    expect(datesFor(DAY_MASKS.weekend)).toEqual(['2026-03-14', '2026-03-15']);
    expect(datesFor(encodeDayMask([1, 3, 5]))).toEqual(['2026-03-09', '2026-03-11', '2026-03-13']);
  });

  it('a start date in the future is jumped to, then the mask applies', () => {
    const rule = { time: '10:00', dayMask: DAY_MASKS.weekend, startDate: '2026-06-15' };
    const fire = nextFire(rule, utc, at('2026-01-01T00:00:00Z'));
    expect(fire?.toISOString()).toBe('2026-06-20T10:00:00.000Z');
    expect(fire?.getUTCDay()).toBe(6);
  });

  it('an end date passed gives null; the end date itself still fires', () => {
    const rule = { ...everyDay('10:00'), startDate: '2026-01-01', endDate: '2026-02-01' };
    expect(nextFire(rule, utc, at('2026-03-01T00:00:00Z'))).toBeNull();
    expect(nextFire(rule, utc, at('2026-02-01T09:00:00Z'))?.toISOString()).toBe(
      '2026-02-01T10:00:00.000Z',
    );
    expect(nextFire(rule, utc, at('2026-02-01T10:00:00Z'))).toBeNull();
  });

  it('after exactly at a fire time gives the next one', () => {
    const zone = iana('America/Los_Angeles');
    const fire = nextFire(everyDay('09:00'), zone, at('2026-05-10T16:00:00Z'));
    expect(fire?.toISOString()).toBe('2026-05-11T16:00:00.000Z');
    expect(
      nextFire(everyDay('09:00'), zone, Date.parse('2026-05-10T16:00:00Z') - 1)?.toISOString(),
    ).toBe('2026-05-10T16:00:00.000Z');
  });

  it('a mask of no days never fires; a bad time, date or mask is refused', () => {
    expect(nextFire({ time: '10:00', dayMask: 0 }, utc, 0)).toBeNull();
    expect(() => nextFire({ time: '24:00', dayMask: 127 }, utc, 0)).toThrow(RangeError);
    expect(() => nextFire({ time: '10:60', dayMask: 127 }, utc, 0)).toThrow(RangeError);
    expect(() => nextFire({ ...everyDay('10:00'), startDate: '2027-02-29' }, utc, 0)).toThrow(
      RangeError,
    );
    expect(() => nextFire({ time: '10:00', dayMask: 128 }, utc, 0)).toThrow(RangeError);
  });

  it('a time with seconds, as a database prints it, is read', () => {
    expect(nextFire(everyDay('10:00:30'), utc, 0)?.toISOString()).toBe('1970-01-01T10:00:30.000Z');
  });
});
