//! Helpers for one-line position strings: named fields and run-length board rows.

use crate::{Grid, Square};

/// Why a position string's structure was refused; every variant names the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Wrong number of space-separated fields.
    #[error("expected {expected} space-separated fields ({names}), found {found}")]
    FieldCount {
        /// How many fields the format has.
        expected: usize,
        /// How many were found.
        found: usize,
        /// The fields' names, in order.
        names: String,
    },
    /// One field could not be read.
    #[error("field `{field}`: `{text}` is not {expected}")]
    Field {
        /// The field's name.
        field: &'static str,
        /// The field's text.
        text: String,
        /// What the field should hold.
        expected: String,
    },
    /// The board field has the wrong number of rows.
    #[error("field `board`: expected {expected} rows separated by `/`, found {found}")]
    RowCount {
        /// Rows expected.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// One board row does not cover the board's width.
    #[error("field `board`: rank {rank} covers {found} squares, expected {expected}")]
    RowLength {
        /// The rank (1-based, as printed).
        rank: usize,
        /// Squares expected.
        expected: usize,
        /// Squares found.
        found: usize,
    },
    /// A character in a board row is not a piece letter or a digit.
    #[error(
        "field `board`: rank {rank} has `{found}`, which is not a piece or a count of empty squares"
    )]
    BadPiece {
        /// The rank (1-based, as printed).
        rank: usize,
        /// The character found.
        found: char,
    },
}

impl NotationError {
    /// A [`NotationError::Field`] error.
    pub fn field(field: &'static str, text: &str, expected: impl Into<String>) -> Self {
        NotationError::Field {
            field,
            text: crate::excerpt(text),
            expected: expected.into(),
        }
    }
}

/// Splits `text` on whitespace into exactly `names.len()` fields.
///
/// ```
/// use pyramid_core::notation::split_fields;
/// let [board, seat] = split_fields("4/4 0", &["board", "seat"])?;
/// assert_eq!((board, seat), ("4/4", "0"));
/// assert!(split_fields::<2>("4/4", &["board", "seat"]).is_err());
/// # Ok::<(), pyramid_core::notation::NotationError>(())
/// ```
pub fn split_fields<'a, const N: usize>(
    text: &'a str,
    names: &[&'static str; N],
) -> Result<[&'a str; N], NotationError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    fields
        .as_slice()
        .try_into()
        .map_err(|_| NotationError::FieldCount {
            expected: N,
            found: fields.len(),
            names: names.join(", "),
        })
}

/// Reads a number field.
pub fn parse_number<T: std::str::FromStr>(
    field: &'static str,
    text: &str,
) -> Result<T, NotationError> {
    if text.starts_with('+') {
        return Err(NotationError::field(field, text, "a number"));
    }
    text.parse()
        .map_err(|_| NotationError::field(field, text, "a number"))
}

/// Reads a board written rank by rank from the top, ranks separated by `/`, with a
/// decimal number for each run of empty squares (`1DQQ/4/...`). Returns one entry per
/// square in ascending index order.
///
/// ```
/// use pyramid_core::{Grid, notation::read_rows};
/// let squares = read_rows("1D/P1", Grid::new(2, 2), |c| (c == 'P' || c == 'D').then_some(c))?;
/// assert_eq!(squares, vec![Some('P'), None, None, Some('D')]);
/// # Ok::<(), pyramid_core::notation::NotationError>(())
/// ```
pub fn read_rows<T>(
    text: &str,
    grid: Grid,
    mut piece: impl FnMut(char) -> Option<T>,
) -> Result<Vec<Option<T>>, NotationError> {
    let rows: Vec<&str> = text.split('/').collect();
    let height = usize::from(grid.height());
    let width = usize::from(grid.width());
    if rows.len() != height {
        return Err(NotationError::RowCount {
            expected: height,
            found: rows.len(),
        });
    }
    let mut squares: Vec<Option<T>> = (0..grid.len()).map(|_| None).collect();
    for (row_from_top, row) in rows.iter().enumerate() {
        let rank = height - 1 - row_from_top;
        let mut file = 0usize;
        let mut run = 0usize;
        let mut in_run = false;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if !in_run && d == 0 {
                    return Err(NotationError::BadPiece {
                        rank: rank + 1,
                        found: c,
                    });
                }
                run = run.saturating_mul(10).saturating_add(d as usize);
                in_run = true;
                continue;
            }
            file = file.saturating_add(run);
            run = 0;
            in_run = false;
            let Some(p) = piece(c) else {
                return Err(NotationError::BadPiece {
                    rank: rank + 1,
                    found: c,
                });
            };
            if file < width {
                squares[rank * width + file] = Some(p);
            }
            // Saturating: a huge run of empty squares must give an error, not overflow.
            file = file.saturating_add(1);
        }
        file = file.saturating_add(run);
        if file != width {
            return Err(NotationError::RowLength {
                rank: rank + 1,
                expected: width,
                found: file,
            });
        }
    }
    Ok(squares)
}

/// Writes a board in the form [`read_rows`] reads; `piece` gives each square's letter.
pub fn write_rows(grid: Grid, mut piece: impl FnMut(Square) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..grid.height()).rev() {
        let mut empty = 0;
        for file in 0..grid.width() {
            match piece(Square::new(file, rank)) {
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_with_multi_digit_runs() {
        let grid = Grid::new(15, 3);
        let text = "A13B/15/2C12";
        let squares =
            read_rows(text, grid, |c| c.is_ascii_uppercase().then_some(c)).expect("valid");
        let written = write_rows(grid, |sq| squares[grid.index(sq)]);
        assert_eq!(written, text);
    }

    #[test]
    fn bad_rows_name_the_problem() {
        let grid = Grid::new(4, 2);
        let pieces = |c: char| (c == 'P').then_some(c);
        assert_eq!(
            read_rows("4", grid, pieces),
            Err(NotationError::RowCount {
                expected: 2,
                found: 1
            })
        );
        assert_eq!(
            read_rows("3/4", grid, pieces),
            Err(NotationError::RowLength {
                rank: 2,
                expected: 4,
                found: 3
            })
        );
        assert_eq!(
            read_rows("5/4", grid, pieces),
            Err(NotationError::RowLength {
                rank: 2,
                expected: 4,
                found: 5
            })
        );
        assert_eq!(
            read_rows("PPPPP/4", grid, pieces),
            Err(NotationError::RowLength {
                rank: 2,
                expected: 4,
                found: 5
            })
        );
        assert_eq!(
            read_rows("X3/4", grid, pieces),
            Err(NotationError::BadPiece {
                rank: 2,
                found: 'X'
            })
        );
        assert_eq!(
            read_rows("04/4", grid, pieces),
            Err(NotationError::BadPiece {
                rank: 2,
                found: '0'
            })
        );
        assert!(read_rows("99999999999999999999999/4", grid, pieces).is_err());
        // Found by libFuzzer: a saturated run followed by a piece.
        assert!(matches!(
            read_rows("18888888888888888888888888888888888P/4", grid, pieces),
            Err(NotationError::RowLength { rank: 2, .. })
        ));
    }
}
