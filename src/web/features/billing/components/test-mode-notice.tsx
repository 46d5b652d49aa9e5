export { TestModeNotice } from '#web/components/test-mode-notice.tsx';
