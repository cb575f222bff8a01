import type { ReactNode } from 'react';

export type Tone = 'info' | 'success' | 'warning' | 'error';

interface AlertProps {
  tone: Tone;
  title?: ReactNode;
  /** A button beside the words (Retry, Undo). */
  action?: ReactNode;
  children?: ReactNode;
}

/**
 * A message in the flow of the screen. An error or a warning interrupts a screen reader (role alert); the rest is
 * announced politely (role status).
 */
export function Alert({ tone, title, action, children }: AlertProps) {
  return (
    <div
      className="sr-alert"
      data-tone={tone}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
    >
      <div className="sr-alert-body">
        {title && <p className="sr-alert-title">{title}</p>}
        {children}
      </div>
      {action}
    </div>
  );
}

interface CardProps {
  as?: 'section' | 'article' | 'div';
  /** The id of the card's heading, which names the card as a region. */
  labelledBy?: string;
  children: ReactNode;
}

export function Card({ as: Element = 'div', labelledBy, children }: CardProps) {
  return (
    <Element className="sr-card" aria-labelledby={labelledBy}>
      {children}
    </Element>
  );
}

export function CardActions({ children }: { children: ReactNode }) {
  return <div className="sr-card-actions">{children}</div>;
}

export function Chip({ tone = 'neutral', children }: { tone?: Tone | 'neutral'; children: ReactNode }) {
  return (
    <span className="sr-chip" data-tone={tone}>
      {children}
    </span>
  );
}

interface AvatarProps {
  name: string;
  src?: string | null;
  /** In px. */
  size?: number;
  /** Read by screen readers; an avatar beside the name it shows is decorative. */
  label?: string;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toLocaleUpperCase())
    .join('');

export function Avatar({ name, src, size = 40, label }: AvatarProps) {
  return (
    <span
      className="sr-avatar"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {src ? <img src={src} alt="" /> : initials(name)}
    </span>
  );
}

export function List({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="sr-list" aria-label={label}>
      {children}
    </ul>
  );
}

interface ListItemProps {
  start?: ReactNode;
  end?: ReactNode;
  /** The whole row acts (a button); its `end` must then not hold another control. */
  onClick?: () => void;
  children: ReactNode;
}

export function ListItem({ start, end, onClick, children }: ListItemProps) {
  const content = (
    <>
      {start}
      <div className="sr-list-item-main">{children}</div>
      {end}
    </>
  );
  return (
    <li className="sr-list-item">
      {onClick ? (
        <button type="button" className="sr-list-item-action" onClick={onClick}>
          {content}
        </button>
      ) : (
        content
      )}
    </li>
  );
}
