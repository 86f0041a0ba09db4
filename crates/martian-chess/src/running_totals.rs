//! [`RunningTotals`]: sixteen small running totals searched in one step, for samplers
//! that draw a weighted square (a slot among the slots of every square).

/// Sixteen running totals, one byte each, never falling and each below 128: entry `i` is
/// the sum of some weights `0..=i`. [`RunningTotals::count_at_most`] finds, for a drawn
/// slot, the entry it falls in, so a slot drawn uniformly below the last total picks entry
/// `i` with a chance proportional to weight `i`.
///
/// On x86-64 the search is one SSE2 byte comparison (through `safe_arch`); elsewhere it is
/// the same count by SWAR arithmetic on two words. Both give the same answers.
///
/// (Tested below: weights 3, 0, 2, 5 give totals 3, 3, 5, 10 and slots 0..10 fall in
/// entries 0, 0, 0, 2, 2, 3, 3, 3, 3, 3.)
#[derive(Clone, Copy, Debug)]
pub struct RunningTotals {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    totals: safe_arch::m128i,
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    thresholds: [u64; 2],
}

/// The portable search, by SWAR arithmetic on two words (used where SSE2 is missing,
/// and by the tests everywhere).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod swar {
    /// The high bit of each byte.
    const HIGH: u64 = 0x8080_8080_8080_8080;

    /// Per byte, 128 - total: adding a value below 128 sets a byte's high bit exactly
    /// when its total is at most the value, with no carry between bytes.
    #[inline(always)]
    pub(super) fn thresholds(words: [u64; 2]) -> [u64; 2] {
        [HIGH.wrapping_sub(words[0]), HIGH.wrapping_sub(words[1])]
    }

    /// [`super::RunningTotals::count_at_most`] on the thresholds of the totals.
    #[inline(always)]
    pub(super) fn count_at_most(thresholds: &[u64; 2], slot: u32) -> u32 {
        let probe = u64::from(slot & 0x7F) * 0x0101_0101_0101_0101;
        let at_most = |threshold: u64| (probe.wrapping_add(threshold) & HIGH).count_ones();
        at_most(thresholds[0]) + at_most(thresholds[1])
    }
}

impl RunningTotals {
    /// The totals held in two little-endian words: bytes 0..8 of `words[0]` are
    /// entries 0..8, bytes of `words[1]` entries 8..16. Each byte must be below 128 and
    /// no byte may be smaller than the one before (not checked; the answers of
    /// [`RunningTotals::count_at_most`] are then unspecified, never a panic).
    #[inline(always)]
    #[must_use]
    pub fn from_words(words: [u64; 2]) -> RunningTotals {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            RunningTotals {
                totals: safe_arch::m128i::from(words),
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            RunningTotals {
                thresholds: swar::thresholds(words),
            }
        }
    }

    /// How many of the sixteen totals are at most `slot` (which must be below 128): for
    /// a slot below the last total, the entry whose weights hold it.
    #[inline(always)]
    #[must_use]
    pub fn count_at_most(&self, slot: u32) -> u32 {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            use safe_arch::{cmp_gt_mask_i8_m128i, move_mask_i8_m128i, set_splat_i8_m128i};
            // The totals above the slot, compared as signed bytes (all below 128).
            let probe = set_splat_i8_m128i((slot & 0x7F) as i8);
            let above = move_mask_i8_m128i(cmp_gt_mask_i8_m128i(self.totals, probe)) as u32;
            16 - above.count_ones()
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            swar::count_at_most(&self.thresholds, slot)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{RunningTotals, swar};

    /// The count by a plain walk over the bytes.
    fn walked(bytes: &[u8; 16], slot: u32) -> u32 {
        bytes
            .iter()
            .filter(|&&total| u32::from(total) <= slot)
            .count() as u32
    }

    fn words(bytes: &[u8; 16]) -> [u64; 2] {
        let mut low = [0u8; 8];
        let mut high = [0u8; 8];
        low.copy_from_slice(&bytes[..8]);
        high.copy_from_slice(&bytes[8..]);
        [u64::from_le_bytes(low), u64::from_le_bytes(high)]
    }

    #[test]
    fn count_at_most_agrees_with_a_walk_over_many_weight_lists() {
        // Weights from a small generator; totals capped below 128.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2_000 {
            let mut bytes = [0u8; 16];
            let mut total = 0u32;
            for byte in &mut bytes {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                total = (total + (state % 9) as u32).min(127);
                *byte = total as u8;
            }
            let totals = RunningTotals::from_words(words(&bytes));
            let thresholds = swar::thresholds(words(&bytes));
            for slot in 0..128 {
                let expected = walked(&bytes, slot);
                assert_eq!(totals.count_at_most(slot), expected, "{bytes:?} {slot}");
                assert_eq!(
                    swar::count_at_most(&thresholds, slot),
                    expected,
                    "SWAR: {bytes:?} {slot}"
                );
            }
        }
    }

    #[test]
    fn extremes_zero_and_127() {
        let zeros = RunningTotals::from_words([0, 0]);
        assert_eq!(zeros.count_at_most(0), 16);
        let full = RunningTotals::from_words(words(&[127; 16]));
        assert_eq!(full.count_at_most(126), 0);
        assert_eq!(full.count_at_most(127), 16);
    }

    #[test]
    fn a_drawn_slot_falls_in_the_entry_whose_weight_covers_it() {
        // Weights 3, 0, 2, 5 and twelve zeros: totals 3, 3, 5, 10, 10, ...
        let mut bytes = [10u8; 16];
        bytes[..4].copy_from_slice(&[3, 3, 5, 10]);
        let mut low = [0u8; 8];
        let mut high = [0u8; 8];
        low.copy_from_slice(&bytes[..8]);
        high.copy_from_slice(&bytes[8..]);
        let totals = RunningTotals::from_words([u64::from_le_bytes(low), u64::from_le_bytes(high)]);
        // Slots 0..3 belong to entry 0, slots 3..5 to entry 2, slots 5..10 to entry 3.
        let entries: Vec<u32> = (0..10).map(|slot| totals.count_at_most(slot)).collect();
        assert_eq!(entries, [0, 0, 0, 2, 2, 3, 3, 3, 3, 3]);
    }
}
