export * from './topics';
export * from './status';
export * from './event';
export * from './command';
export * from './ack';
export * from './payload';
export * from './settings';
export * from './network';
