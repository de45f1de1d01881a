/**
 * The device fields legacy.routes.ts and live.routes.ts still read their inputs with (the calls of
 * the call table take theirs from `@powerdeck/domain`'s contract).
 */
export { binaryState, devIdField, otltField } from '@powerdeck/domain';
