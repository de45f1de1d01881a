export * from './auth/auth.schemas';
export * from './api/session';
