import { describe, expect, it } from 'vitest';
import { type CaseRecordLike, caseLabel } from './caseLabel';

describe('caseLabel', () => {
  it.each<[string, CaseRecordLike, string]>([
    [
      'explicit label',
      { label: 'Pricing debate', channel_name: 'team-a', activity_qualified_name: 'a.b' },
      'Pricing debate',
    ],
    ['label is trimmed', { label: '  Pricing  ' }, 'Pricing'],
    [
      'blank label falls back to the channel',
      { label: '   ', channel_name: 'team-a' },
      'team-a case',
    ],
    ['empty label falls back to the channel', { label: '', channel_name: 'team-a' }, 'team-a case'],
    [
      'null label falls back to the channel',
      { label: null, channel_name: 'team-a' },
      'team-a case',
    ],
    [
      'no label: channel name + " case"',
      { channel_name: 'Harvard Widgets', activity_qualified_name: 'x.y' },
      'Harvard Widgets case',
    ],
    ['channel name is trimmed', { channel_name: '  team-a ' }, 'team-a case'],
    [
      'blank channel falls back to the activity',
      { channel_name: ' ', activity_qualified_name: 'course.case-1' },
      'Case 1',
    ],
    [
      'null channel falls back to the activity',
      { channel_name: null, activity_qualified_name: 'bio214.cases.kelp' },
      'Kelp case',
    ],
    [
      'only the activity, readable',
      { activity_qualified_name: ' ba301.cases.premium_pricing ' },
      'Premium pricing case',
    ],
    ['a name without dots', { activity_qualified_name: 'pricing' }, 'Pricing case'],
    ['dots only', { activity_qualified_name: ' . . ' }, ''],
    ['everything blank', { label: ' ', channel_name: '', activity_qualified_name: '  ' }, ''],
    ['everything null', { label: null, channel_name: null, activity_qualified_name: null }, ''],
    ['an empty record', {}, ''],
  ])('%s → %j', (_label, record, expected) => {
    expect(caseLabel(record)).toBe(expected);
  });

  it('ignores non-text values from stored data', () => {
    const record = { label: 42, channel_name: { name: 'x' }, activity_qualified_name: 'a.b' };
    expect(caseLabel(record as unknown as CaseRecordLike)).toBe('B case');
  });
});
