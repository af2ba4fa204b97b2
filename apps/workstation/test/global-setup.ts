/** The tests run the client as an operator would: the bundle, built once for the run. */
import { buildClient } from '../scripts/build.mjs';

export default async function setup() {
  await buildClient();
}
