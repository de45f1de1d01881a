export * from './call';
export * from './inputs';
export * from './table';
