import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/** A search box with its magnifier; the label is for screen readers, the placeholder for eyes. */
export function SearchField({
  id,
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div className="search-field">
      <Search size={18} aria-hidden className="muted" />
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" className="input" {...input} />
    </div>
  );
}
