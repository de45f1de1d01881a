import {
  resendMailSchema,
  systemStatusSchema,
  undeliveredMailSchema,
} from '../../api/system-status';
import { type CallGroup, defineCall } from '../call';
import { noInput, okOutput } from '../inputs';

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
  undeliveredMail: defineCall({
    area: 'systemStatus',
    svc: 'undeliveredMail',
    methods: ['GET'],
    input: noInput,
    output: undeliveredMailSchema,
    access: 'user',
    rule: 'SUPPORT',
    summary:
      'The newest 100 e-mails still being retried or failed for good: recipient, subject, ' +
      'attempts and last error, never the body (issue 19).',
  }),
  resendMail: defineCall({
    area: 'systemStatus',
    svc: 'resendMail',
    methods: ['POST'],
    body: 'form',
    input: resendMailSchema,
    output: okOutput,
    access: 'user',
    rule: 'SUPPORT',
    summary:
      'Queues a message that failed for good once more, with a full set of retries ' +
      '(404 when no failed message has that id).',
  }),
} satisfies CallGroup;
