//! `GET /api/tracks/{hash}`: a Racetrack track's map by the hash a ruleset names, so that a client draws the
//! track a game is raced on. Tracks are public and immutable, so the answer needs no account and never changes.

use axum::Json;
use kartka_engine::racetrack::{tracks, TrackHash};
use kartka_protocol::kinds::racetrack::{TrackHashText, TrackMap};
use kartka_protocol::ErrorCode;

use super::ApiError;
use crate::api::input::Path;

/// `GET /api/tracks/{hash}`: the registered track of that hash (shipped or from the tracks directory), or
/// `unknown_track`; a malformed hash is `invalid_request` (the path's parsing).
pub async fn show(Path(hash): Path<TrackHashText>) -> Result<Json<TrackMap>, ApiError> {
    let wanted = TrackHash(hash.0);
    let track = tracks::all()
        .into_iter()
        .find(|track| track.id().hash == wanted)
        .ok_or_else(|| ApiError::new(ErrorCode::UnknownTrack, "no track with that hash here"))?;
    Ok(Json(TrackMap {
        name: track.id().name.to_string(),
        version: track.version(),
        hash,
        fewest_moves: track.fewest_moves(),
        rows: track.rows().map(str::to_owned).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_shipped_track_is_served_by_its_hash_and_another_hash_is_unknown() {
        let shipped = tracks::shipped(tracks::DEFAULT_TRACK).expect("the default track is shipped");
        let Json(map) = show(Path(TrackHashText(shipped.id().hash.0))).await.expect("served");
        assert_eq!(
            (map.name.as_str(), map.version, map.hash.0),
            (tracks::DEFAULT_TRACK, shipped.version(), shipped.id().hash.0)
        );
        assert_eq!(map.rows.len(), shipped.height());
        assert_eq!(map.rows.iter().map(|row| row.len()).max(), Some(shipped.width()));
        // The rows are the map: read back as a track file, they are the same track.
        let file = format!("name: {}\nversion: {}\nmap:\n{}\n", map.name, map.version, map.rows.join("\n"));
        assert_eq!(kartka_engine::racetrack::Track::parse(&file).map(|track| track.id()), Ok(shipped.id()));
        let unknown = axum::response::IntoResponse::into_response(show(Path(TrackHashText([7; 32]))).await);
        assert_eq!(unknown.status(), axum::http::StatusCode::NOT_FOUND);
        let body = axum::body::to_bytes(unknown.into_body(), usize::MAX).await.expect("a body");
        let body: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(body["code"], "unknown_track", "{body}");
    }
}
