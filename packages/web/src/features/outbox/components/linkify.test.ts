import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const origin = 'http://localhost:3000';

describe('linkify', () => {
  it('turns a same-origin link into a path link and keeps the text around it', () => {
    expect(linkify('Open http://localhost:3000/reset-password?token=abc. Thanks', origin)).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'http://localhost:3000/reset-password?token=abc',
        to: '/reset-password?token=abc',
      },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  it('links a console account page even when the server spells another host', () => {
    const parts = linkify('Verify: https://powerdeck.example/new-account-verify?token=t1', origin);
    expect(parts[1]).toEqual({
      kind: 'link',
      text: 'https://powerdeck.example/new-account-verify?token=t1',
      to: '/new-account-verify?token=t1',
    });
  });

  it('leaves foreign links and script-like text as plain text', () => {
    const text = 'See https://evil.example/steal and javascript:alert(1) <b>x</b>';
    expect(linkify(text, origin)).toEqual([{ kind: 'text', text }]);
  });
});
