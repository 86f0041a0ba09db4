//! Perft suites as data: plain text files of positions and their perft counts, like the
//! EPD perft files chess engines share, so that any implementation that reads a game's
//! position strings (in any language) can check itself against the same counts.
//!
//! One line per position; blank lines and lines starting with `#` are ignored. Fields are
//! separated by `;`:
//!
//! ```text
//! # position string          ;rules KEY=VALUE ...   ;D<depth> <count> ...
//! 1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0 ;D1 10 ;D2 104 ;D3 1328
//! 7S1/8/8/8/8/8/8/S07 0 455,455 - 0 ;rules ply_limit=none ;D1 10 ;D2 90
//! ```
//!
//! - the first field is the game's one-line position string (never holds `;`);
//! - `rules` (optional, at most once) lists rule options the position string does not
//!   hold, as `KEY=VALUE` words separated by spaces;
//! - each `D<depth> <count>` field is one perft count, `perft(depth) = count`, with depth
//!   at least 1; a line holds at least one.
//!
//! [`parse_suite`] reads a file's text (errors name the line and the field), and
//! [`check_line`] runs one line through the runtime interface of a game.
//!
//! ```
//! use pyramid_testkit::perft_suite::{check_line, parse_suite};
//! use pyramid_core::dynamic::{GameEntry, DynGame};
//! use pyramid_core::nim::Nim;
//! let game = GameEntry::<Nim>::boxed();
//! let start = game.new_state(&[])?.position();
//! let suite = parse_suite(&format!("# Nim\n{start} ;D1 9 ;D2 71\n"))?;
//! let results = check_line(game.as_ref(), &suite[0], None)?;
//! assert!(results.iter().all(|r| r.passed()), "{results:?}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use pyramid_core::dynamic::{DynGame, RuntimeError, borrowed_options};

/// One line of a suite: a position, the rule options it needs, and its perft counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteLine {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The position string.
    pub position: String,
    /// Rule options the position string does not hold, as `(key, value)`.
    pub rules: Vec<(String, String)>,
    /// `(depth, count)` pairs, in the order the line gives them.
    pub counts: Vec<(u32, u64)>,
}

/// Why a suite line could not be read: its line number, the field, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, {field}: {problem}")]
pub struct SuiteError {
    /// The line number, from 1.
    pub line: usize,
    /// The field: `position`, `rules`, `D3`, ...
    pub field: String,
    /// What is wrong with it.
    pub problem: String,
}

/// The result of one depth of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthResult {
    /// The line number.
    pub line: usize,
    /// The depth.
    pub depth: u32,
    /// The count the suite gives.
    pub expected: u64,
    /// The count the engine found, or `None` when the depth was skipped (its count is
    /// over the node budget).
    pub found: Option<u64>,
}

impl DepthResult {
    /// Whether the engine found the suite's count.
    pub fn passed(&self) -> bool {
        self.found == Some(self.expected)
    }

    /// Whether the depth was skipped for the node budget.
    pub fn skipped(&self) -> bool {
        self.found.is_none()
    }
}

/// Reads a suite file's text into its lines.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, SuiteError> {
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        lines.push(parse_line(line, trimmed)?);
    }
    Ok(lines)
}

/// Reads one non-comment line.
fn parse_line(line: usize, text: &str) -> Result<SuiteLine, SuiteError> {
    let error = |field: &str, problem: String| SuiteError {
        line,
        field: field.to_owned(),
        problem,
    };
    let mut fields = text.split(';');
    let position = fields.next().unwrap_or_default().trim().to_owned();
    if position.is_empty() {
        return Err(error("position", "the line has no position string".into()));
    }
    let mut parsed = SuiteLine {
        line,
        position,
        rules: Vec::new(),
        counts: Vec::new(),
    };
    let mut seen_rules = false;
    for field in fields.map(str::trim) {
        if let Some(options) = field.strip_prefix("rules") {
            if seen_rules {
                return Err(error("rules", "given twice".into()));
            }
            seen_rules = true;
            parsed.rules = read_rules(options).map_err(|problem| error("rules", problem))?;
        } else if let Some(rest) = field.strip_prefix('D') {
            let (depth, count) = read_count(rest).map_err(|problem| {
                error(
                    &format!(
                        "D{}",
                        pyramid_core::excerpt(rest.split(' ').next().unwrap_or(""))
                    ),
                    problem,
                )
            })?;
            if parsed.counts.iter().any(|&(d, _)| d == depth) {
                return Err(error(&format!("D{depth}"), "given twice".into()));
            }
            parsed.counts.push((depth, count));
        } else {
            return Err(error(
                &format!("`{}`", pyramid_core::excerpt(field)),
                "not a field (fields: `rules KEY=VALUE ...`, `D<depth> <count>`)".into(),
            ));
        }
    }
    if parsed.counts.is_empty() {
        return Err(error(
            "counts",
            "the line has no `D<depth> <count>` field".into(),
        ));
    }
    Ok(parsed)
}

/// Reads `KEY=VALUE KEY=VALUE`.
fn read_rules(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split_whitespace()
        .map(|word| {
            word.split_once('=')
                .filter(|(key, value)| !key.is_empty() && !value.is_empty())
                .map(|(key, value)| (key.to_owned(), value.to_owned()))
                .ok_or_else(|| format!("`{}` is not KEY=VALUE", pyramid_core::excerpt(word)))
        })
        .collect()
}

/// Reads `<depth> <count>` (after the `D`).
fn read_count(text: &str) -> Result<(u32, u64), String> {
    let mut words = text.split_whitespace();
    let (Some(depth), Some(count), None) = (words.next(), words.next(), words.next()) else {
        return Err("expected `D<depth> <count>`".into());
    };
    let depth: u32 = depth.parse().ok().filter(|&d| d >= 1).ok_or_else(|| {
        format!(
            "the depth `{}` is not a whole number from 1",
            pyramid_core::excerpt(depth)
        )
    })?;
    let count: u64 = count.parse().map_err(|_| {
        format!(
            "the count `{}` is not a whole number",
            pyramid_core::excerpt(count)
        )
    })?;
    Ok((depth, count))
}

/// Runs one line of a suite on `game`: reads its position under its rules and counts
/// every depth whose expected count is at most `max_nodes` (all of them when `None`),
/// on one thread. A position the game refuses is an error.
pub fn check_line(
    game: &dyn DynGame,
    line: &SuiteLine,
    max_nodes: Option<u64>,
) -> Result<Vec<DepthResult>, RuntimeError> {
    let state = game.parse_position(&line.position, &borrowed_options(&line.rules))?;
    Ok(line
        .counts
        .iter()
        .map(|&(depth, expected)| DepthResult {
            line: line.line,
            depth,
            expected,
            found: (max_nodes.is_none_or(|budget| expected <= budget))
                .then(|| state.perft(depth, 1)),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_core::dynamic::GameEntry;
    use pyramid_core::nim::Nim;

    #[test]
    fn a_line_reads_its_position_rules_and_counts() -> Result<(), SuiteError> {
        let suite = parse_suite("# c\n\n  a b c ;rules x=1 y=on ;D1 3 ;D2 9  \n")?;
        assert_eq!(
            suite,
            [SuiteLine {
                line: 3,
                position: "a b c".into(),
                rules: vec![("x".into(), "1".into()), ("y".into(), "on".into())],
                counts: vec![(1, 3), (2, 9)],
            }]
        );
        Ok(())
    }

    #[test]
    fn a_bad_line_is_an_error_naming_line_and_field() {
        let field = |text: &str| parse_suite(text).err().map(|e| (e.line, e.field));
        assert_eq!(field("x ;D0 1"), Some((1, "D0".into())));
        assert_eq!(field("#\nx ;D1 a"), Some((2, "D1".into())));
        assert_eq!(field("x ;D1 1 ;D1 2"), Some((1, "D1".into())));
        assert_eq!(field("x ;rules k"), Some((1, "rules".into())));
        assert_eq!(field("x"), Some((1, "counts".into())));
        assert_eq!(field(" ;D1 1"), Some((1, "position".into())));
        assert_eq!(field("x ;E1 1"), Some((1, "`E1 1`".into())));
    }

    #[test]
    fn check_line_finds_a_wrong_count_and_skips_over_budget()
    -> Result<(), Box<dyn std::error::Error>> {
        let game = GameEntry::<Nim>::boxed();
        let start = game.new_state(&[])?;
        let right = [1, 2, 3].map(|d| start.perft(d, 1));
        let text = format!(
            "{} ;D1 {} ;D2 {} ;D3 {}",
            start.position(),
            right[0],
            right[1] + 1,
            right[2]
        );
        let line = &parse_suite(&text)?[0];
        let results = check_line(game.as_ref(), line, Some(right[1] + 1))?;
        assert!(results[0].passed());
        assert!(!results[1].passed() && !results[1].skipped());
        assert_eq!(results[2].skipped(), right[2] > right[1] + 1);
        Ok(())
    }
}
