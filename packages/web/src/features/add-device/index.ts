export { AddDeviceModal, type AddDeviceModalProps } from './components/add-device-modal';
