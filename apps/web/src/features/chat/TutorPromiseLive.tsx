// Docs: docs/ai.md#tutor-modes — the tutor promise with the server's model status. Its own chunk,
// loaded only for a case channel whose activity has a tutor mode: the model status comes from the
// products resource, which reaches zod through the catalogue's form, and the class page's first
// load carries no zod (docs/ARCHITECTURE.md#first-load).
import type { Activity } from '@seminar/shared';
import { useLlmConfigured } from '../../data/productsLive';
import { TutorPromise } from './TutorPromise';

export default function TutorPromiseLive({ activity }: { activity: Activity }) {
  return <TutorPromise activity={activity} llmConfigured={useLlmConfigured()} />;
}
