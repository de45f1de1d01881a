import {
  formatDateTime,
  formatLocationDateTime,
  statusTimeToMs,
  type LocationClock,
} from '@powerdeck/domain';
import { useLocationSettings } from '../../locations';
import { networkTexts } from '../network-texts';

/** Formats a device time (Unix seconds, null: never) for the page. */
export type TimeText = (unixSeconds: number | null) => string;

/**
 * Times in the location's clock (its time zone and DST setting); in the browser's own until the
 * location's settings are read.
 */
export function useLocationTimeText(siteId: string): TimeText {
  const general = useLocationSettings(siteId).data?.general;
  const clock: LocationClock | undefined = general && {
    timezone: general.timezone,
    dst: general.dst === 'yes',
  };
  return (unixSeconds) => {
    if (unixSeconds === null) return networkTexts.never;
    const ms = statusTimeToMs(unixSeconds);
    return clock ? formatLocationDateTime(ms, clock) : formatDateTime(ms);
  };
}
