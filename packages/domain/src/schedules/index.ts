export * from './day-mask';
export * from './zones';
export * from './next-fire';
export * from './actions';
