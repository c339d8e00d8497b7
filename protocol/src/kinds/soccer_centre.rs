//! The wire types of Paper Soccer played as a match of points (`classic+centre`): how admins see a position.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::kinds::paper_soccer::SoccerPositionView;

/// A position of a match of points: the classic view of the pitch (every segment drawn so far, in every
/// point's play) and the score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CentrePositionView {
    /// The pitch, the ball and the segments, as in classic Paper Soccer. After a point the ball is back on the
    /// centre; after the last point it stays where that point was made.
    pub pitch: SoccerPositionView,
    /// The points each seat has, first seat first.
    pub scores: [u32; 2],
}
