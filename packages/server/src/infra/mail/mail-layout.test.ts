import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-layout';

describe('renderMail', () => {
  it('gives the same words in plain text and HTML, with the action as a link', () => {
    const mail = renderMail({
      heading: 'Reset your password',
      paragraphs: ['Someone asked to reset the password of this account.'],
      action: { label: 'Choose a new password', url: 'https://console.example/reset?t=abc' },
      footer: ['You get this mail because of your account at Powerdeck.'],
    });
    expect(mail.text).toBe(
      [
        'Reset your password',
        '',
        'Someone asked to reset the password of this account.',
        '',
        'Choose a new password: https://console.example/reset?t=abc',
        '',
        '--',
        'You get this mail because of your account at Powerdeck.',
      ].join('\n'),
    );
    expect(mail.html).toContain('href="https://console.example/reset?t=abc"');
    expect(mail.html).toContain('>Choose a new password</a>');
    expect(mail.html).toContain('Someone asked to reset the password of this account.');
  });

  it('escapes every text, so a device named with markup stays text', () => {
    const mail = renderMail({
      heading: '<script>alert(1)</script>',
      paragraphs: ['Rack "A" & <b>B</b>'],
      action: { label: '<i>x</i>', url: 'https://console.example/?a=1&b="2"' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Rack &quot;A&quot; &amp; &lt;b&gt;B&lt;/b&gt;');
    expect(mail.html).toContain('href="https://console.example/?a=1&amp;b=%222%22"');
    expect(mail.html).not.toContain('<i>');
  });

  it('lists links after the paragraphs, each escaped, as lines in plain text', () => {
    const mail = renderMail({
      heading: 'Digest',
      paragraphs: ['Two alerts.'],
      links: [
        { label: 'Open <Rack 1>', url: 'https://console.example/locations/L1/devices/km/D1' },
        { label: 'Open Rack 2', url: 'https://console.example/locations/L1/devices/km/D2' },
      ],
    });
    expect(mail.text).toBe(
      [
        'Digest',
        '',
        'Two alerts.',
        '',
        'Open <Rack 1>: https://console.example/locations/L1/devices/km/D1',
        '',
        'Open Rack 2: https://console.example/locations/L1/devices/km/D2',
      ].join('\n'),
    );
    expect(mail.html).toContain(
      'href="https://console.example/locations/L1/devices/km/D1" style="color:#1971c2">Open &lt;Rack 1&gt;</a>',
    );
    expect(() =>
      renderMail({
        heading: 'x',
        paragraphs: [],
        links: [{ label: 'x', url: 'data:text/html,x' }],
      }),
    ).toThrow(/http\(s\)/);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      renderMail({
        heading: 'x',
        paragraphs: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/http\(s\)/);
  });
});
