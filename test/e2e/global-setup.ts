// Says once, up front, whether the Electron journeys can run on this machine
// and why not when they cannot (each skipped test carries the same reason).
import { electronBinary } from './app-fixture';

export default function globalSetup(): void {
  const binary = electronBinary();
  console.log('reason' in binary ? `Electron journeys will be skipped: ${binary.reason}.` : `Electron journeys run against ${binary.path}.`);
}
