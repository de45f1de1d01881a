import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';
import { HighlightedText } from './highlighted-text';

describe('highlightParts', () => {
  it('marks every occurrence of the keyword, ignoring case, keeping the original text', () => {
    expect(highlightParts('Harbor View Harbor', 'harbor')).toEqual([
      { text: 'Harbor', match: true },
      { text: ' View ', match: false },
      { text: 'Harbor', match: true },
    ]);
  });

  it('leaves the text whole when the keyword is empty or absent', () => {
    expect(highlightParts('Lobby', '')).toEqual([{ text: 'Lobby', match: false }]);
    expect(highlightParts('Lobby', 'rack')).toEqual([{ text: 'Lobby', match: false }]);
  });

  it('treats regular-expression characters in the keyword as text', () => {
    expect(highlightParts('Rack (A) .*', '(a) .*')).toEqual([
      { text: 'Rack ', match: false },
      { text: '(A) .*', match: true },
    ]);
  });
});

describe('HighlightedText', () => {
  it('shows markup in a name as text, never as HTML', () => {
    const { container } = render(
      <HighlightedText text={'Rack <img src=x onerror="alert(1)">'} keyword="<img" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<img');
    expect(container.textContent).toBe('Rack <img src=x onerror="alert(1)">');
  });
});
