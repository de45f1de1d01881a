export * from './device-class';
export * from './device-spec';
export * from './registry';
export * from './navigation';
export * from './alert-kinds';
