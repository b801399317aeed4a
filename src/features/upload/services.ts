// What the composition root (app/appServices.ts) takes from the upload feature: apart from index.ts
// so that building the services at start loads none of its screens.
export { keepEveryRecording } from './recording/recordingsUnderWay.ts';
