export * from './auth/auth.schemas';
export * from './api/session';
export * from './api/locations';
export * from './permissions/perm-lvl';
export * from './catalog';
export * from './protocol';
