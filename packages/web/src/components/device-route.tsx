import { isDeviceClass, messages, type DeviceClass } from '@powerdeck/domain';
import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { resolveDeviceSegments } from '../lib/paths';
import { ErrorBanner } from './error-banner';
import { PageTitle } from './page-title';

/** The device a device page's route names: its location, id and class. */
export interface DeviceRoute {
  siteId: string;
  devId: string;
  devClass: DeviceClass;
}

/**
 * The device of a device page (`/locations/{locationId}/devices/{first}/{second}/…`, either
 * segment order, see `resolveDeviceSegments`); null when no segment is a device class.
 */
export function useDeviceRoute(): DeviceRoute | null {
  const params = useParams();
  const { deviceId, deviceClass } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  if (!isDeviceClass(deviceClass)) return null;
  return { siteId: params.locationId ?? '', devId: deviceId, devClass: deviceClass };
}

/**
 * A device page: its title, and its view of the route's device, started afresh for each device
 * (state of one device never shows on another's page). A route without a device class shows
 * `errorMessage`.
 */
export function DeviceRoutePage({
  title,
  errorMessage = messages.someErrorOccured,
  children,
}: {
  title?: string;
  errorMessage?: string;
  children: (device: DeviceRoute) => ReactNode;
}) {
  const device = useDeviceRoute();
  if (!device) return <ErrorBanner message={errorMessage} />;
  return (
    <>
      {title !== undefined && <PageTitle title={title} />}
      <Fragment key={`${device.siteId}/${device.devClass}/${device.devId}`}>
        {children(device)}
      </Fragment>
    </>
  );
}
