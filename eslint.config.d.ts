/** What eslint.config.js exports, typed for the test that holds its capability graph (server/layers.test.ts). */
export declare const CAPABILITIES: Readonly<Record<string, readonly string[]>>
declare const config: unknown
export default config
