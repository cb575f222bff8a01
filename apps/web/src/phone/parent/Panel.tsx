import { useId, type ReactNode } from 'react';
import { Card, Heading } from '../kit';

/** A titled part of a screen: a card named by its h2, so it is a region a screen reader can jump to. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" labelledBy={titleId}>
      <Heading level={2} id={titleId}>
        {title}
      </Heading>
      {children}
    </Card>
  );
}
