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
      'course.case-1',
    ],
    [
      'null channel falls back to the activity',
      { channel_name: null, activity_qualified_name: 'course.case-1' },
      'course.case-1',
    ],
    ['only the activity', { activity_qualified_name: ' course.case-1 ' }, 'course.case-1'],
    ['everything blank', { label: ' ', channel_name: '', activity_qualified_name: '  ' }, ''],
    ['everything null', { label: null, channel_name: null, activity_qualified_name: null }, ''],
    ['an empty record', {}, ''],
  ])('%s → %j', (_label, record, expected) => {
    expect(caseLabel(record)).toBe(expected);
  });

  it('ignores non-text values from stored data', () => {
    const record = { label: 42, channel_name: { name: 'x' }, activity_qualified_name: 'a.b' };
    expect(caseLabel(record as unknown as CaseRecordLike)).toBe('a.b');
  });
});
