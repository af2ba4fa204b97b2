/** Memory of the server process. */
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One full garbage collection once the server is up. Starting (modules, migrations, the demo
 * seed) grows V8's young generation to its maximum (2 × 16 MB), which V8 otherwise gives back
 * only after a while of idling; with the embedded database, where a small install's idle
 * memory is what shows, it is given back at once.
 */
export function settleHeap(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
