/** The one place that knows how to launch Debian's Chromium for tests and benchmarks. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The features Playwright 1.65 turns off when it launches Chromium (its own `--disable-features`, read off the
 * launched browser's command line). Chromium reads only the LAST `--disable-features` switch, so ours below
 * must repeat them; e2e/chromium-flags.spec.ts fails when a Playwright update adds one this list lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
]

/**
 * Browser machinery the tests never look at, and which cost half of what a new browser context costs on a slow
 * machine (ADR 0182): every context is a headless browser window, and Chromium 156 loads two WebUI pages for its
 * omnibox popup into each window (in renderer processes of their own), and keeps a spare renderer ready for the next
 * navigation, thrown away when the test closes its context. Measured with 10 contexts each loading the landing:
 * 29-30 CPU-s with Playwright's flags alone, 11-13 with these three off.
 */
export const TEST_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess']

/**
 * The tests' browser (the Playwright suites): CHROMIUM_ARGS with the machinery above turned off. The benchmarks
 * keep CHROMIUM_ARGS, a browser as a visitor's (a spare renderer included).
 */
export const CHROMIUM_TEST_ARGS = [...CHROMIUM_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES].join(',')}`]
