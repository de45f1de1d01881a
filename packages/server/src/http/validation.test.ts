import { describe, expect, it } from 'vitest';
import { findNul, multipartWithoutBoundary } from './validation';

describe('findNul', () => {
  it('names the first field holding a NUL character, at any depth', () => {
    expect(findNul([{ siteId: 'a\u0000' }])).toEqual({
      field: 'siteId',
      message: 'siteId must not contain a NUL character',
    });
    expect(findNul([{}, { location: { name: ['ok', 'x\u0000'] } }])?.field).toBe('location.name.1');
    expect(findNul([{ 'a\u0000b': 'value' }])?.field).toBe('a\\u0000b');
    expect(findNul(['\u0000'])?.field).toBe('_');
    expect(findNul([{ '*': '/x\u0000' }])?.field).toBe('path');
  });

  it('passes everything else, deep nesting included', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul([undefined, null, { a: 1, b: [true, 'ü%00'] }, deep])).toBeUndefined();
  });
});

describe('multipartWithoutBoundary', () => {
  it('refuses multipart/form-data without a usable boundary', () => {
    for (const type of [
      'multipart/form-data',
      'Multipart/Form-Data; charset=utf-8',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
    ]) {
      expect(multipartWithoutBoundary(type), type).toBe(true);
    }
  });

  it('passes a boundary, and every other content type', () => {
    for (const type of [
      undefined,
      'application/json',
      'multipart/form-data; boundary=----x',
      'multipart/form-data; charset=utf-8; BOUNDARY="a b"',
    ]) {
      expect(multipartWithoutBoundary(type), type).toBe(false);
    }
  });
});
