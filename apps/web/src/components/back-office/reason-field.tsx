'use client';

import type { ReactNode } from 'react';
import formStyles from '@/components/ui/form.module.css';

type ReasonFieldProps = {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  minLength?: number;
  /** Why the reason was refused, shown under the field and tied to it. */
  problem?: string | null;
};

/** The reason a staff member gives for a rejection (at most 500 characters). */
export function ReasonField({ id, label, value, onChange, minLength, problem }: ReasonFieldProps) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={formStyles.control}
        value={value}
        minLength={minLength}
        maxLength={500}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className={formStyles.fieldError}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
