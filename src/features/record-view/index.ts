// What routes, the composition root and other features may use of the record feature: a record route
// (its page's code loads in its own chunk, recordPages.tsx), the query each kind's page asks for and
// its variables (pins fetch the same ahead). Nothing here imports the pages themselves.
export { recordRoute } from './recordRoute.tsx';
export { RECORD_QUERIES } from './recordQueries.ts';
export { recordVariables } from './prefetchRecord.ts';
