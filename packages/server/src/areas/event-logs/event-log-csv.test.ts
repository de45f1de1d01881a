import type { EventEntry } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { csvCell, entryLine, exportFilename } from './event-log-csv';

describe('event log CSV', () => {
  it('keeps a text that starts like a formula a text', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('Rack = main')).toBe('Rack = main');
  });

  it('quotes commas, quotes and line breaks, and leaves numbers and empty cells plain', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
  });

  it('writes an entry in the location’s time (spec format), DST included', () => {
    const entry: EventEntry = {
      id: 'cmd:1',
      time: Date.parse('2024-07-04T20:30:05Z'),
      type: 'outlet',
      devClass: 'm4315',
      devId: '1065A3000001',
      devName: 'Rack, main',
      parentDevId: null,
      outlet: 3,
      actor: { kind: 'schedule', id: '4', name: 'Nightly' },
      text: 'Outlet 3 switched off',
      result: 'failed',
      detail: 'busy',
    };
    expect(entryLine(entry, { timezone: '-8.00', dst: true })).toBe(
      'Jul/04/2024 01:30:05 PM,Outlet,"Rack, main",1065A3000001,3,Outlet 3 switched off,Schedule “Nightly”,failed,busy\r\n',
    );
    expect(entryLine(entry, { timezone: '-8.00', dst: false })).toMatch(
      /^Jul\/04\/2024 12:30:05 PM,/,
    );
  });

  it('names the file after the location, in safe characters', () => {
    expect(exportFilename('Café "Main"; rm -rf', '2024-05-01')).toBe(
      'events-cafe-main-rm-rf-2024-05-01.csv',
    );
    expect(exportFilename('東京', '2024-05-01')).toBe('events-location-2024-05-01.csv');
  });
});
