// What the organisations module offers outside it: the job that runs an organisation's parcel import…
export { runImport, type ImportOutcome } from './imports/run-import.ts';
// …and the upkeep of the territory tables (a tile pass marks them stale, a queued job refreshes them).
export { markTerritoriesStale, refreshTerritory } from './territory/territory-jobs.ts';
