import { publicConfigSchema } from '../../api/session';
import { defineCall } from '../call';
import { noInput } from '../inputs';

export const config = {
  public: defineCall({
    area: 'config',
    svc: 'public',
    methods: ['GET'],
    input: noInput,
    output: publicConfigSchema,
    access: 'public',
    summary: 'What the console needs before sign-in: brand, banner, support contacts, demo flag.',
  }),
};
