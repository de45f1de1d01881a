import { loginSchema } from '@powerdeck/domain';

/** The shared sign-in schema, alone in its chunk: the sign-in form loads it on its first check. */
export const signInSchema = loginSchema;
