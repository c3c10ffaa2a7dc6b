import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BOT_NAME } from '@seminar/shared';
import { AiGeneratedNote } from './AgentBadge';

afterEach(cleanup);

describe('AiGeneratedNote', () => {
  it.each([
    [BOT_NAME, 'done', 'AI-generated — check the numbers before you rely on them'],
    ['SocraticTutor', 'done', 'AI-generated — check it before you rely on it'],
    ['SocraticTutor', 'streaming', 'AI-generated — writing…'],
    [BOT_NAME, 'failed', 'AI agent — no answer'],
  ] as const)('says what to check under %s’s %s message', (agent, status, words) => {
    render(<AiGeneratedNote agent={agent} status={status} />);
    expect(screen.getByText(words)).toBeDefined();
  });

  it('announces a message being written as a status', () => {
    render(<AiGeneratedNote agent="SocraticTutor" status="streaming" />);
    expect(screen.getByRole('status').textContent).toBe('AI-generated — writing…');
  });
});
