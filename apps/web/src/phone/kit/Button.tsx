import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from './Icon';

export type ButtonVariant = 'filled' | 'outlined' | 'text';
export type ButtonTone = 'primary' | 'neutral' | 'danger' | 'success';

interface Look {
  variant?: ButtonVariant;
  tone?: ButtonTone;
  icon?: IconName;
  fullWidth?: boolean;
}

interface ButtonProps extends Look, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Working: the button is disabled and shows a spinner beside its words. */
  busy?: boolean;
}

const look = ({ variant = 'filled', tone = 'primary', fullWidth }: Look) => ({
  'data-variant': variant,
  'data-tone': tone,
  'data-full': fullWidth || undefined,
});

/** A button of at least 48 × 48 px. `type` defaults to "button": only a form's own submit says "submit". */
export function Button({
  variant,
  tone,
  icon,
  fullWidth,
  busy = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `sr-button ${className}` : 'sr-button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...look({ variant, tone, fullWidth })}
    >
      {busy ? <span className="sr-spinner" aria-hidden /> : icon && <Icon name={icon} />}
      {children}
    </button>
  );
}

/** A link to a screen of the app, drawn as a button. */
export function LinkButton({ to, children, ...lookProps }: Look & { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="sr-button" {...look(lookProps)}>
      {lookProps.icon && <Icon name={lookProps.icon} />}
      {children}
    </Link>
  );
}

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** What the button does, read by screen readers (it shows no words). */
  label: string;
}

export function IconButton({ icon, label, type = 'button', className, ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      className={`sr-button sr-icon-button${className ? ` ${className}` : ''}`}
      data-variant="text"
      data-tone="neutral"
    >
      <Icon name={icon} />
    </button>
  );
}
