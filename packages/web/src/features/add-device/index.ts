export { AddDeviceModal } from './components/add-device-modal';
