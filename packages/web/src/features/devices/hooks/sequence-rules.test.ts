import { messages } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { sequenceFailureText, sequenceRefusal } from './sequence-rules';

describe('sequence messages (spec §8)', () => {
  it('refuses an empty group in the words of its class, and a group already in that state', () => {
    expect(sequenceRefusal({ devClass: 'vt1512', seqGrp: [] }, [], 'on')).toBe(
      messages.noOutletInSequenceGroup,
    );
    expect(sequenceRefusal({ devClass: 'vt4315', seqGrp: [] }, [], 'on')).toBe(
      messages.noOutletInDcTrigger,
    );
    expect(sequenceRefusal({ devClass: 'dc12ip', seqGrp: [2, 1] }, [true, true], 'on')).toBe(
      messages.allOutletsAlreadyOnOff,
    );
    expect(sequenceRefusal({ devClass: 'dc12ip', seqGrp: [2, 1] }, [true, false], 'on')).toBe(
      undefined,
    );
  });

  it('says why the device did not run it', () => {
    expect(sequenceFailureText({ devClass: 'vt4315' }, 'no-sequence-group')).toBe(
      messages.noOutletInDcTrigger,
    );
    expect(sequenceFailureText({ devClass: 'vt1512' }, 'already-in-state')).toBe(
      messages.allOutletsAlreadyOnOff,
    );
    expect(sequenceFailureText({ devClass: 'vt1512' }, 'sequence-failed')).toBe(
      messages.sequenceFailed,
    );
  });
});
