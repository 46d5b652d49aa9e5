// The help-requests feature's public face: the driver's requests, a provider's asked list, and
// the dialog that sends one (loaded when opened).
export { HelpRequestsPanel } from './components/help-requests-panel.tsx';
export { AskedHelpList } from './components/asked-help-list.tsx';
export { loadHelpRequestDialog } from './loaders.ts';
export { askedHelpQuery, helpRequestsQuery } from './api/use-help-requests.ts';
