// A search box with its icon: the one look for every filter and search in
// the app (tools, history, find in the diff). The label is its accessible name.

import type { ComponentPropsWithRef } from 'react';
import { Icon } from './icon';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'aria-label'>;

export function SearchField({ label, wide = false, placeholder, ...input }: InputProps & { label: string; wide?: boolean }) {
  return (
    <div className={wide ? 'search-field search-wide' : 'search-field'}>
      <Icon name="search" size={14} />
      <input type="search" aria-label={label} placeholder={placeholder ?? label} {...input} />
    </div>
  );
}
