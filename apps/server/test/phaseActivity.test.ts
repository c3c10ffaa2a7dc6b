// Phase rules follow their activity (docs/phases.md#enforcement): they apply only while it is
// enabled and not deleted, and disabling it re-checks the case channel's readers live (a hidden
// student is sent what was hidden). On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { ann, ben, phase, services, setUp, teacher, usePhaseWorld, watch } from './phaseFixtures';

usePhaseWorld();

describe(`phases follow their activity (${testDatabaseKind})`, () => {
  it('disabling the activity lifts a closed phase', async () => {
    const { advance, send, act } = await setUp([phase('a', 'closed')]);
    await advance('start', null);
    await expect(send(ann, 'closed?')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await callerFor(services, teacher).activities.setEnabled({ ...act, enabled: false });
    expect((await send(ann, 'open again')).body).toBe('open again');
  });

  it('disabling it shows a hidden student what was hidden, live', async () => {
    const { advance, send, act, ref } = await setUp([phase('a', 'individual_post_first')]);
    await advance('start', null);
    const hidden = await send(ben, 'hidden take');
    const annWatch = watch(ann, ref);
    await annWatch.log.until((events) => events.some((e) => e.type === 'snapshot'));
    expect(annWatch.bodies()).toEqual([]);
    await callerFor(services, teacher).activities.setEnabled({ ...act, enabled: false });
    await annWatch.log.until(() => annWatch.bodies().includes(hidden.body));
  });
});
