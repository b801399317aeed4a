// What the composition root (app/pinnedServices.ts) builds from the pins feature: the network side of
// pinning. Apart from index.ts so that building the services at start loads none of the pins' screens
// (index.ts brings the home page's panel and the record page's control, and what they import).
export { createPinFetcher } from './fetchAhead.ts';
