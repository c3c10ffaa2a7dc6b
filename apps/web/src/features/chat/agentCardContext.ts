// Docs: docs/ai.md#finding-an-agent — how a message row opens an agent's card: the chat provides the
// opener; without one (tests, other views) an agent's name is plain text.
import { createContext } from 'react';

export const AgentCardContext = createContext<((agent: string) => void) | null>(null);
