import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@powerdeck/domain';

/** The sign-in form's resolver: loaded by the page on the form's first check (see lazyResolver). */
export const loginResolver = zodResolver(loginSchema);
