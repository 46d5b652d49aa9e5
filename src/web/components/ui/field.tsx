import { useId, type ReactNode } from 'react';
import { useMessage } from '#web/lib/i18n.ts';
import { Label } from './label.tsx';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Renders the control with the ids that tie it to its label and its error. */
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A labelled form control with its validation message right beneath it. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const text = useMessage();
  const messageId = `${id}-message`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="text-sm font-medium text-destructive" role="alert">
          {text(error)}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
