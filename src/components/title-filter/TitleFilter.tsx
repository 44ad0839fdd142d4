import React, { useId } from 'react';

interface TitleFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

export function TitleFilter({ label, value, onChange, placeholder }: TitleFilterProps) {
  const id = useId();
  return (
    <div className="title-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
