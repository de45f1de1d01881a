import { systemStatusSchema } from '../../api/system-status';
import { defineCall } from '../call';
import { noInput } from '../inputs';

export const systemStatus = {
  get: defineCall({
    area: 'systemStatus',
    svc: 'get',
    methods: ['GET'],
    input: noInput,
    output: systemStatusSchema,
    access: 'user',
    rule: 'SUPPORT, or owner at any location',
    summary:
      'System Status: each server’s version and uptime, database and broker health, devices, ' +
      'rates, command failures, job queues and mail delivery (issue 19).',
  }),
};
