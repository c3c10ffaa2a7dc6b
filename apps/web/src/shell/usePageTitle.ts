// Page title and description (SPEC §2): both come from the `{name}` templates (TITLE_TEMPLATE,
// DESCRIPTION_TEMPLATE) filled with the app name. A page's title is "Page · <title>", so each screen
// has a distinct title for tabs, history and screen readers; a page may give its own description.
import { useEffect } from 'react';
import { DESCRIPTION_TEMPLATE, TITLE_TEMPLATE } from '@seminar/shared';
import { useAppName } from './appName';

/** Fills `{name}` in a template with the app name. */
export function fillTemplate(template: string, appName: string): string {
  return template.replaceAll('{name}', appName);
}

/** The document title of a page ("Catalogue · Seminar"), or the app's title without a page. */
export function pageTitle(appName: string, page?: string): string {
  const title = fillTemplate(TITLE_TEMPLATE, appName);
  return page ? `${page} · ${title}` : title;
}

/** The meta description: the page's own (its `{name}` filled) or the app's. */
export function pageDescription(appName: string, description?: string): string {
  return fillTemplate(description ?? DESCRIPTION_TEMPLATE, appName);
}

function setMetaDescription(content: string, doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the document title to "Page · App name" (or just the app name) and the meta description
 * while mounted.
 */
export function usePageTitle(page?: string, description?: string): void {
  const appName = useAppName();
  useEffect(() => {
    document.title = pageTitle(appName, page);
    setMetaDescription(pageDescription(appName, description));
  }, [page, description, appName]);
}
