import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAnswerDrawnLater } from './use-answer-drawn-later';

/** Notes what each of its renders drew: the answer as the hook gave it, or '–' for none yet. */
function Screen({ answer, drawn }: { answer: string | undefined; drawn: string[] }) {
  drawn.push(useAnswerDrawnLater(answer) ?? '–');
  return null;
}

describe('an answer drawn later', () => {
  it('is not drawn in the render it arrives in, but in one of its own just after', () => {
    const drawn: string[] = [];
    const { rerender } = render(<Screen answer={undefined} drawn={drawn} />);
    drawn.length = 0;

    rerender(<Screen answer="page 1" drawn={drawn} />);

    // The urgent render keeps the loading state; the deferred one draws the answer.
    expect(drawn).toEqual(['–', 'page 1']);
  });

  it('is drawn in a render of its own also when it is at hand as the screen mounts', () => {
    const drawn: string[] = [];
    render(<Screen answer="from the cache" drawn={drawn} />);

    expect(drawn).toEqual(['–', 'from the cache']);
  });

  it('keeps the answer on screen until the next one is drawn', () => {
    const drawn: string[] = [];
    const { rerender } = render(<Screen answer="page 1" drawn={drawn} />);
    drawn.length = 0;

    rerender(<Screen answer="page 2" drawn={drawn} />);

    expect(drawn).toEqual(['page 1', 'page 2']);
  });
});
