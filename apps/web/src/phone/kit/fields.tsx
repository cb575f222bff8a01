import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldText {
  label: ReactNode;
  /** Shown under the field: a rule ("At least 10 characters"). */
  hint?: ReactNode;
  /** What is wrong, shown under the field and read with it. */
  error?: string;
}

/** The label, hint and error around one control, wired with ids so a screen reader reads them together. */
function useFieldIds(error?: string, hint?: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldNotes({ hint, error, hintId, errorId }: FieldText & { hintId?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <span id={hintId} className="sr-field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="sr-field-error">
          {error}
        </span>
      )}
    </>
  );
}

type InputProps = FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, hint, error, id: givenId, ...input },
  ref,
) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  const inputId = givenId ?? id;
  return (
    <div className="sr-field">
      <label className="sr-field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="sr-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} label={label} />
    </div>
  );
});

type TextAreaProps = FieldText & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, rows = 3, ...input },
  ref,
) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="sr-field">
      <label className="sr-field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        className="sr-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} label={label} />
    </div>
  );
});

type SelectProps = FieldText &
  SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, hint, error, options, ...select },
  ref,
) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="sr-field">
      <label className="sr-field-label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="sr-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} label={label} />
    </div>
  );
});

export const Checkbox = forwardRef<HTMLInputElement, InputProps>(function Checkbox(
  { label, hint, error, ...input },
  ref,
) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="sr-field">
      <label className="sr-check" htmlFor={id}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} label={label} />
    </div>
  );
});

interface SwitchProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off setting that takes effect at once (no Save): role switch, its label and description read with it. */
export function Switch({ label, description, checked, onChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="sr-switch">
      <div>
        <span id={`${id}-label`} className="sr-field-label">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="sr-field-hint" style={{ display: 'block' }}>
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="sr-switch-track"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}

interface ChoiceGroupProps {
  legend: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string | null;
  onChange: (value: string) => void;
  /** Tells apart several groups on one screen (one per inspection item). */
  name?: string;
}

/** A choice of one among a few, side by side (OK / Defect): radio buttons drawn as a segmented control. */
export function ChoiceGroup({ legend, options, value, onChange, name }: ChoiceGroupProps) {
  const generated = useId();
  return (
    <fieldset className="sr-choices">
      <legend>{legend}</legend>
      <div className="sr-choices-row">
        {options.map((option) => (
          <label key={option.value} className="sr-choice">
            <input
              type="radio"
              name={name ?? generated}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
