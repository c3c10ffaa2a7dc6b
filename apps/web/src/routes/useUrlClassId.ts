// The class the URL selects (the one source of truth of the class selection, SPEC §2): the class
// page's /classes/:classId, or ?class= on the catalogue.
import { useMatch, useSearchParams } from 'react-router';
import { CLASS_PARAM, PATHS } from './paths';

/** The class id the current URL names, or null. */
export function useUrlClassId(): string | null {
  const classMatch = useMatch({ path: '/classes/:classId', end: false });
  const catalogue = useMatch({ path: PATHS.catalogue });
  const [params] = useSearchParams();
  if (classMatch) return classMatch.params.classId ?? null;
  return catalogue ? params.get(CLASS_PARAM) : null;
}
