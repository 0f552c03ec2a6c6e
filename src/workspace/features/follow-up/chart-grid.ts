/**
 * How several charts sit together, by the width of their container (not the window's: the application
 * page gives them its main column): one column, two from 42rem, three from 64rem. Each chart keeps its own
 * height when a neighbour opens its table (items-start). Shared by the charts and their lazy placeholder.
 */
export const CHART_GRID_CONTAINER = '@container'
export const CHART_GRID = 'grid items-start gap-4 @2xl:grid-cols-2 @5xl:grid-cols-3'
