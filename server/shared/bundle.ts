/**
 * Whether this code runs from the server's JavaScript bundle ($DIST_DIR/server/,
 * built by `npm run build`, ADR 0130) rather than from the TypeScript sources:
 * esbuild replaces SERVER_BUNDLE with `true` there. Only the few modules that
 * find files next to themselves need to know.
 */
declare const SERVER_BUNDLE: boolean | undefined

export const runsFromServerBundle: boolean = typeof SERVER_BUNDLE !== 'undefined' && SERVER_BUNDLE === true
