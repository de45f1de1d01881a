export * from './validation-messages';
export * from './common';
export * from './device';
export * from './picture';
export * from './client';
export * from './location';
export * from './notes';
export * from './search';
