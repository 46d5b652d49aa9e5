// The team feature's public face: the owner's Team tab and the business the user works for.
import { lazy } from 'react';

export { teamContextKey, teamContextQuery, useTeamContext } from './api/use-team-context.ts';
export { useTeamMembers } from './api/use-team.ts';
export const loadTeamTab = () => import('./components/team-tab.tsx');
/** The owner's Team tab (lazy: render it inside a Suspense boundary). */
export const TeamTab = lazy(loadTeamTab);
export { pausedMessage } from './paused-message.ts';
export { PausedMessage } from './components/paused-message.tsx';
