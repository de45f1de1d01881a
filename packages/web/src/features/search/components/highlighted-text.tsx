import { highlightParts } from './highlight';

/** The text with each occurrence of the keyword in <mark>; plain React text, never HTML. */
export function HighlightedText({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}
