import { defineConfig, devices } from '@playwright/test';
import { journeyDataDir, journeyPort as port } from './e2e/sites.ts';

/** Journeys run against the production build on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  // A folder per port, as the server's data (e2e/sites.ts): two runs on two ports keep their traces apart.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://lumo.localhost:${port}`,
    // A trace records every action's screenshots and DOM: recorded for every journey it cost a third of the run's time
    // on CI's two cores (203 → 143 s for invoices and settings, decision 103). CI retries a failed journey once, with
    // its trace; elsewhere `--trace on` asks for one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${journeyDataDir} && npm run start -w @portal/server`,
    url: `http://127.0.0.1:${port}/health/ready`,
    // .ci/run starts it early (e2e/journey-server.ts) and says so; anywhere else each run starts its own.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    // A first start seeds two years of demo readings: well under a minute on a quiet machine, more on a busy one.
    timeout: 240_000,
    env: {
      PORT: String(port),
      DATA_DIR: journeyDataDir,
      NODE_ENV: 'production',
      // Each journey's browser sends an address of its own in X-Forwarded-For (e2e/test.ts), as customers come from
      // many: one address would meet decision 101's ten sign-ins a minute on a fast machine.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      // Journeys need meters that answer: the simulator's random refusals and silences are for demos.
      METER_SIMULATOR_FAILURE_RATE: '0',
      METER_SIMULATOR_SILENCE_RATE: '0',
      METER_SIMULATOR_ANSWER_DELAY_MS: '800-1500',
      // Alerts: the spot-price alert is looked at every five seconds (a minute's wait was the longest step of any
      // journey), and push may go to the journey's local push service.
      ALERTS_SPOT_PRICE_CRON: '*/5 * * * * *',
      // The power peak alert looks at the hour just ended and the running hour as often (decision 128).
      ALERTS_POWER_PEAK_CRON: '*/5 * * * * *',
      PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,127.0.0.1:*',
    },
  },
});
