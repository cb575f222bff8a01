import type { CSSProperties, ElementType, ReactNode } from 'react';

interface StackProps {
  /** The gap in spacing steps (8 px each). */
  gap?: number;
  direction?: 'column' | 'row';
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  as?: ElementType;
  className?: string;
  id?: string;
  children?: ReactNode;
}

/** A flex column (or row) with a gap: the kit's one layout primitive. */
export function Stack({
  gap = 2,
  direction = 'column',
  align,
  justify,
  wrap,
  as: Element = 'div',
  className,
  id,
  children,
}: StackProps) {
  return (
    <Element
      id={id}
      className={className ? `sr-stack ${className}` : 'sr-stack'}
      data-direction={direction}
      data-wrap={wrap || undefined}
      style={{ gap: `calc(var(--sr-space) * ${gap})`, alignItems: align, justifyContent: justify }}
    >
      {children}
    </Element>
  );
}

/** A heading; each screen has one h1, its title. */
export function Heading({ level, id, children }: { level: 1 | 2 | 3; id?: string; children: ReactNode }) {
  const Element = `h${level}` as const;
  return (
    <Element id={id} className="sr-heading">
      {children}
    </Element>
  );
}

interface TextProps {
  tone?: 'muted' | 'error' | 'success';
  size?: 'small';
  as?: 'p' | 'span' | 'div';
  id?: string;
  children?: ReactNode;
}

export function Text({ tone, size, as: Element = 'p', id, children }: TextProps) {
  return (
    <Element id={id} className="sr-text" data-tone={tone} data-size={size}>
      {children}
    </Element>
  );
}

/** Read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="sr-visually-hidden">{children}</span>;
}
