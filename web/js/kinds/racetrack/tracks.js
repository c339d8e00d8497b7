// The tracks this page has fetched, by hash. A ruleset names its track by name and hash; the map is shared data
// the server serves (`GET /api/tracks/{hash}`), immutable under its hash, so each is fetched once per page.

import { Track } from './rules.js';

const byHash = new Map();

/** Keeps a track map as the server serves it (`{name, version, hash, rows}`); answers the track. */
export function addTrack(map) {
  const track = new Track(map);
  byHash.set(map.hash, track);
  return track;
}

/** The track `ruleset` names, fetched: by its `track_hash`, or, for a ruleset not yet given one (a lobby's
 * choice before the server settles it), the one fetched before under its name. Throws for one not fetched. */
export function trackOf(ruleset) {
  const track = ruleset.track_hash
    ? byHash.get(ruleset.track_hash)
    : [...byHash.values()].find((known) => known.name === (ruleset.track ?? 'oval'));
  if (!track) throw new Error(`the track ${ruleset.track ?? 'oval'} ${ruleset.track_hash ?? ''} is not loaded`);
  return track;
}

/** Fetches the track `ruleset` names by its hash, unless it is here already; a ruleset without a hash needs none
 * fetched (its track is only named). Rejects if the server has no such track. */
export async function fetchTrack(ruleset) {
  const hash = ruleset?.track_hash;
  if (!hash || byHash.has(hash)) return;
  const response = await fetch(`/api/tracks/${encodeURIComponent(hash)}`);
  if (!response.ok) throw new Error(`the track ${hash} could not be fetched (${response.status})`);
  addTrack(await response.json());
}
