export * from './numbers';
export * from './dates';
export * from './device-texts';
export * from './location-time';
