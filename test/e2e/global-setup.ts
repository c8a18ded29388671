// Says once, up front, whether each project's journeys can run on this
// machine and how to make them when they cannot: the Electron binary (each
// skipped test carries the same reason) and the browser project's Chromium.
import type { FullConfig } from '@playwright/test';
import { chromiumProblem, electronBinary } from './app-fixture';

export default function globalSetup(config: FullConfig): void {
  const binary = electronBinary();
  console.log('reason' in binary ? `Electron journeys will be skipped: ${binary.reason}.` : `Electron journeys run against ${binary.path}.`);
  const chromium = config.projects.find((project) => project.name === 'browser')?.use.launchOptions?.executablePath;
  const problem = chromiumProblem(chromium);
  if (problem) console.log(`Browser journeys will fail: ${problem}`);
}
