// Docs: docs/accessibility.md#live-regions — one visually hidden polite region per open channel
// that receives short texts (a new message from someone else, who started typing). It exists from
// the moment the channel shows, empty, so each text added to it is read once; old texts are removed
// (removals are not read) so the region stays small.
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { visuallyHidden } from './a11y';

/** Texts kept in the region at once (enough for a few arriving within one screen-reader utterance). */
const KEPT = 3;

interface Said {
  key: number;
  text: string;
}

/**
 * A polite live region and the function that adds a text to it. Each text is a new element, so the
 * same words said twice (two "Ada is typing…" bursts) are read twice.
 */
export function useAnnouncer(): { region: ReactElement; announce: (text: string) => void } {
  const [said, setSaid] = useState<readonly Said[]>([]);
  const next = useRef(0);
  const announce = useCallback((text: string) => {
    if (text.trim() === '') return;
    const key = (next.current += 1);
    setSaid((before) => [...before, { key, text }].slice(-KEPT));
  }, []);
  const region = (
    <div aria-live="polite" aria-relevant="additions" data-announcer="" style={visuallyHidden}>
      {said.map((one) => (
        <p key={one.key}>{one.text}</p>
      ))}
    </div>
  );
  return { region, announce };
}
