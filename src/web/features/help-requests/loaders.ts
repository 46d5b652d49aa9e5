// The dialog that sends a help request, loaded when opened.
export const loadHelpRequestDialog = () => import('./components/help-request-dialog.tsx');
