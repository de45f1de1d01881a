export * from './integrate';
export * from './rates';
export * from './forecast';
export * from './resolution';
