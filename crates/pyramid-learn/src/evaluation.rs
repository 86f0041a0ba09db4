//! The network's answer for one position.

/// The network's answer for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Policy logits, one per entry of the policy space.
    pub logits: Vec<f32>,
    /// Each seat's expected reward in `[0, 1]`, seats counted from the observer: entry 0
    /// is the seat whose observation was evaluated, entry 1 the next seat, and so on.
    pub values: Vec<f32>,
}
