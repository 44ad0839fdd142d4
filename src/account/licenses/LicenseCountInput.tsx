import React, { useId } from 'react';

const MAX_LICENSES_AT_ONCE = 5;

/** The 1..5 count of licenses to buy or add (0 is allowed in the field and disables the button). */
export function LicenseCountInput({ value, onChange }: { value: number; onChange: (count: number) => void }) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Number of licenses</label>
      <input
        id={id}
        type="number"
        min={0}
        max={MAX_LICENSES_AT_ONCE}
        step={1}
        inputMode="numeric"
        value={Number.isNaN(value) ? '' : value}
        onChange={(e) =>
          onChange(Math.min(MAX_LICENSES_AT_ONCE, Math.max(0, Math.trunc(Number(e.target.value) || 0))))
        }
      />
    </div>
  );
}

export const validCount = (count: number): boolean =>
  Number.isInteger(count) && count >= 1 && count <= MAX_LICENSES_AT_ONCE;
