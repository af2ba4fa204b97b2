/** For the member page: recovery mode (Activate / Deactivate) and one-time recovery codes. */
export { RecoveryPanel } from './components/RecoveryPanel';
