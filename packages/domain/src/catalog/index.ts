export * from './device-class';
export * from './device-spec';
export type { FamilyModule, DeviceSpecDraft } from './define-family';
export { KF1500_POWER_CONDITIONS, KM4315_POWER_CONDITIONS } from './define-family';
export * from './registry';
export * from './navigation';
