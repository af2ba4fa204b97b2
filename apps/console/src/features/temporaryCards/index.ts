/** For the member page: the member's temporary card (live pairing, Pair card, Unpair). */
export { TemporaryCardPanel } from './components/TemporaryCardPanel';
