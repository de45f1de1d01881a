/** What other features use of the firmware screens: the location-wide Update Firmware. */
export { LocationFirmwareModal } from './components/location-firmware-modal';
