import { describe, expect, it } from 'vitest';
import { pickWeight, spotlightText, weightedPick } from './coldCall';

describe('pickWeight', () => {
  it.each([
    [0, 1],
    [1, 0.5],
    [3, 0.25],
    [9, 0.1],
    [-2, 1],
  ])('%d posts weigh %d', (posts, weight) => {
    expect(pickWeight(posts)).toBeCloseTo(weight);
  });
});

describe('weightedPick', () => {
  // Weights in uid order: ada 1 (0 posts), bob 0.5 (1 post), cy 0.25 (3 posts): total 1.75.
  const candidates = [
    { uid: 'cy', posts: 3 },
    { uid: 'ada', posts: 0 },
    { uid: 'bob', posts: 1 },
  ];
  it.each([
    [0, 'ada'],
    [0.5, 'ada'], // 0.875 < 1
    [0.57, 'ada'], // 0.9975 < 1
    [0.58, 'bob'], // 1.015
    [0.85, 'bob'], // 1.4875 < 1.5
    [0.86, 'cy'], // 1.505
    [0.999999, 'cy'],
    [1, 'cy'], // out of range is clamped
  ])('random %d picks %s', (random, expected) => {
    expect(weightedPick(candidates, () => random)).toBe(expected);
  });

  it('picks nobody from nobody', () => {
    expect(weightedPick([], () => 0.5)).toBeNull();
  });

  it('gives the one candidate whatever the number', () => {
    expect(weightedPick([{ uid: 'solo', posts: 40 }], () => 0.99)).toBe('solo');
  });

  it('does not depend on the order it is given', () => {
    const reversed = [...candidates].reverse();
    for (const random of [0.1, 0.6, 0.9])
      expect(weightedPick(reversed, () => random)).toBe(weightedPick(candidates, () => random));
  });

  it('favours the quiet over many draws (a fixed sequence)', () => {
    const picks = new Map<string, number>();
    for (let step = 0; step < 1000; step += 1) {
      const uid = weightedPick(candidates, () => (step + 0.5) / 1000) ?? '';
      picks.set(uid, (picks.get(uid) ?? 0) + 1);
    }
    // Shares 1/1.75, 0.5/1.75, 0.25/1.75 of 1000 draws spread evenly.
    expect(picks.get('ada')).toBe(571);
    expect(picks.get('bob')).toBe(286);
    expect(picks.get('cy')).toBe(143);
  });
});

describe('spotlightText', () => {
  it('names the student', () => {
    expect(spotlightText('Ada Lovelace')).toBe('Ada Lovelace, your turn');
  });
});
