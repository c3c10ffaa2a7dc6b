// The app name is configurable on the server (APP_NAME); the server writes it into
// <meta name="application-name">. Under `vite dev` the `{name}` placeholder is still there.
import { useState } from 'react';
import { DEFAULT_APP_NAME } from '@seminar/shared';

export function readAppName(doc: Document = document): string {
  const content = doc
    .querySelector('meta[name="application-name"]')
    ?.getAttribute('content')
    ?.trim();
  if (!content || content.includes('{name}')) return DEFAULT_APP_NAME;
  return content;
}

export function useAppName(): string {
  const [name] = useState(() => readAppName());
  return name;
}
