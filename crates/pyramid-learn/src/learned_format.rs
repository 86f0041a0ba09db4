//! One file format for every learned file (a [`Model`](crate::Model), a
//! [`ValueNet`](crate::ValueNet)): safetensors, its metadata holding one JSON record
//! under the key of its kind ([`LearnedFormat`]). One reader of the file ([`read_file`]:
//! size first), one reader of the header ([`Header::read`]: record, format version, the
//! tensors the record declares checked against the table, before anything of the
//! network's size is allocated), one reader of each tensor's values (finite only) and
//! one writer ([`file_bytes`]: finite weights only).

use std::collections::HashMap;
use std::path::Path;

use safetensors::tensor::{Dtype, Metadata, TensorView};
use serde::Serialize;
use serde::de::DeserializeOwned;

use pyramid_core::FullGame;

use crate::error::{ModelError, TensorMismatch};
use crate::limits::MAX_MODEL_BYTES;
use crate::network::{ShapeError, TensorSpec};

/// A kind of learned file: the metadata key of its record, its format version, the
/// record's type and the tensors a record declares.
pub(crate) trait LearnedFormat {
    /// The metadata key of the record (`pyramid_model`).
    const KEY: &'static str;
    /// The format version this program reads and writes.
    const VERSION: u32;
    /// What the file is, in errors (`model`).
    const WHAT: &'static str;
    /// The record: game, rules, shape and how it was made.
    type Info: Serialize + DeserializeOwned;
    /// The format version a record states.
    fn version(info: &Self::Info) -> u32;
    /// The tensors (names and dimensions) of the network a record declares, refused when
    /// its shape is out of range or too large.
    fn tensors(info: &Self::Info) -> Result<Vec<TensorSpec>, ShapeError>;
}

/// The shape of a learned network: what a game's rules fix of it (seats, observations,
/// policy) beside what training chose (its sizes).
pub(crate) trait LearnedShape: PartialEq {
    /// The shape game `G` under `rules` wants, with this one's own choices.
    fn wanted<G: FullGame>(&self, rules: &G::Rules) -> Self;
    /// What the rules fix of it, in words (`2 seats, observations of 9 planes x 32
    /// cells`).
    fn fixed(&self) -> String;
}

/// The one check that a learned network (`what`, of `game` and `shape`, read from
/// `path`) was made for game `G` under `rules`: its game ([`ModelError::WrongGame`]) and
/// what the rules fix of its shape ([`ModelError::WrongRules`]).
pub(crate) fn check_fit<S: LearnedShape, G: FullGame>(
    what: &str,
    game: &str,
    shape: &S,
    path: &str,
    rules: &G::Rules,
) -> Result<(), ModelError> {
    if game != G::NAME {
        return Err(ModelError::WrongGame {
            path: path.to_owned(),
            expected: G::NAME.to_owned(),
            found: game.to_owned(),
        });
    }
    let wanted = shape.wanted::<G>(rules);
    if wanted != *shape {
        return Err(ModelError::WrongRules {
            path: path.to_owned(),
            game: G::NAME.to_owned(),
            reason: format!(
                "the {what} has {}; these rules need {}",
                shape.fixed(),
                wanted.fixed()
            ),
        });
    }
    Ok(())
}

/// The bytes of the file at `path` and its name for errors; refuses a file of more than
/// [`MAX_MODEL_BYTES`] before reading it.
pub(crate) fn read_file(path: &Path) -> Result<(Vec<u8>, String), ModelError> {
    let name = path.display().to_string();
    let io = |source| ModelError::Io {
        path: name.clone(),
        source,
    };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    if bytes > MAX_MODEL_BYTES {
        return Err(ModelError::TooLarge { path: name, bytes });
    }
    let buffer = std::fs::read(path).map_err(io)?;
    Ok((buffer, name))
}

/// Whether the safetensors file in `buffer` holds a record of kind `F` (its metadata
/// has `F`'s key).
pub(crate) fn is_format<F: LearnedFormat>(buffer: &[u8]) -> bool {
    check_offsets(buffer).is_ok()
        && safetensors::SafeTensors::read_metadata(buffer).is_ok_and(|(_, metadata)| {
            metadata
                .metadata()
                .as_ref()
                .is_some_and(|m| m.contains_key(F::KEY))
        })
}

/// A learned file's header, read and checked: its record, and the tensors it declares,
/// each found in the table with its dimensions.
pub(crate) struct Header<'a, F: LearnedFormat> {
    /// The record.
    pub info: F::Info,
    /// The tensors the record declares, in its order.
    pub specs: Vec<TensorSpec>,
    buffer: &'a [u8],
    header: usize,
    metadata: Metadata,
    name: String,
}

impl<'a, F: LearnedFormat> Header<'a, F> {
    /// Reads the header of the file in `buffer` (`name` in errors): refuses a damaged
    /// file ([`ModelError::Damaged`]), one without `F`'s record or of another format
    /// version ([`ModelError::NotAModel`]), a shape out of range
    /// ([`ModelError::BadShape`]) and a table that does not hold exactly the declared
    /// tensors ([`ModelError::Mismatch`]).
    pub fn read(buffer: &'a [u8], name: &str) -> Result<Header<'a, F>, ModelError> {
        check_offsets(buffer).map_err(|e| damaged_named(name, e))?;
        let (header, metadata) =
            safetensors::SafeTensors::read_metadata(buffer).map_err(|e| damaged_named(name, e))?;
        let info = read_record::<F>(&metadata, name)?;
        let specs = F::tensors(&info).map_err(|problem| ModelError::BadShape {
            path: name.to_owned(),
            problem,
        })?;
        check_tensor_table(&specs, &metadata, buffer.len()).map_err(|problem| {
            ModelError::Mismatch {
                path: name.to_owned(),
                problem: Box::new(problem),
            }
        })?;
        Ok(Header {
            info,
            specs,
            buffer,
            header,
            metadata,
            name: name.to_owned(),
        })
    }

    /// The values of tensor `tensor`, refused when cut short or not all finite.
    pub fn values(&self, tensor: &str) -> Result<Vec<f32>, ModelError> {
        let bytes = tensor_bytes(self.buffer, self.header, &self.metadata, tensor)
            .ok_or_else(|| damaged_named(&self.name, format!("tensor `{tensor}` is cut")))?;
        let values: Vec<f32> = bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if values.iter().any(|v| !v.is_finite()) {
            return Err(damaged_named(
                &self.name,
                format!("tensor `{tensor}` holds NaN or infinity"),
            ));
        }
        Ok(values)
    }
}

/// The record of kind `F` in a file's metadata, of this format version.
fn read_record<F: LearnedFormat>(metadata: &Metadata, name: &str) -> Result<F::Info, ModelError> {
    let not_one = |reason: String| ModelError::NotAModel {
        path: name.to_owned(),
        reason,
    };
    let key = F::KEY;
    let text = metadata
        .metadata()
        .as_ref()
        .and_then(|m| m.get(key))
        .ok_or_else(|| not_one(format!("no `{key}` entry in its metadata")))?;
    let info: F::Info = serde_json::from_str(text)
        .map_err(|e| not_one(format!("its `{key}` entry is not readable: {e}")))?;
    if F::version(&info) != F::VERSION {
        return Err(not_one(format!(
            "{} format version {} (this program reads {})",
            F::WHAT,
            F::version(&info),
            F::VERSION
        )));
    }
    Ok(info)
}

/// A tensor to write: its name, dimensions and values.
pub(crate) type NamedTensor = (String, Vec<usize>, Vec<f32>);

/// The bytes of a learned file of kind `F` holding `info` and `tensors` (written in name
/// order); `name` names it in errors. Refuses weights that are not all finite
/// ([`ModelError::NotFinite`]: a training run that diverged), so a good file is never
/// replaced by a broken one.
pub(crate) fn file_bytes<F: LearnedFormat>(
    info: &F::Info,
    mut tensors: Vec<NamedTensor>,
    name: &str,
) -> Result<Vec<u8>, ModelError> {
    tensors.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some((tensor, _, _)) = tensors
        .iter()
        .find(|(_, _, values)| values.iter().any(|v| !v.is_finite()))
    {
        return Err(ModelError::NotFinite {
            path: name.to_owned(),
            what: format!("weights `{tensor}`"),
        });
    }
    let bytes: Vec<Vec<u8>> = tensors
        .iter()
        .map(|(_, _, values)| values.iter().flat_map(|v| v.to_le_bytes()).collect())
        .collect();
    let views = tensors
        .iter()
        .zip(&bytes)
        .map(|((tensor, dims, _), bytes)| {
            TensorView::new(Dtype::F32, dims.clone(), bytes).map(|view| (tensor.clone(), view))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| damaged_named(name, e))?;
    let record = serde_json::to_string(info).map_err(|e| damaged_named(name, e))?;
    let metadata = HashMap::from([(F::KEY.to_owned(), record)]);
    safetensors::serialize(views, Some(metadata)).map_err(|e| damaged_named(name, e))
}

/// Checks a file of `file_bytes` bytes whose tensor table is `metadata` against the
/// tensors `specs` of the network its header declares: first that the file is large
/// enough for them (checked arithmetic), then that the table lists exactly those
/// tensors, each `F32` of the same dimensions.
pub(crate) fn check_tensor_table(
    specs: &[TensorSpec],
    metadata: &Metadata,
    file_bytes: usize,
) -> Result<(), TensorMismatch> {
    let parameters = specs
        .iter()
        .try_fold(0u64, |sum, spec| {
            spec.elements().and_then(|n| sum.checked_add(n))
        })
        .unwrap_or(u64::MAX);
    let needed = parameters.saturating_mul(4);
    let bytes = file_bytes as u64;
    if needed > bytes {
        return Err(TensorMismatch::TooSmall {
            parameters,
            needed,
            bytes,
        });
    }
    for spec in specs {
        let Some(found) = metadata.info(&spec.name) else {
            return Err(TensorMismatch::Missing {
                name: spec.name.clone(),
                dims: spec.dims.clone(),
            });
        };
        if found.dtype != Dtype::F32 || found.shape != spec.dims {
            return Err(TensorMismatch::Wrong {
                name: spec.name.clone(),
                expected: spec.dims.clone(),
                dtype: found.dtype.to_string(),
                found: found.shape.clone(),
            });
        }
    }
    let mut table: Vec<(String, &safetensors::tensor::TensorInfo)> =
        metadata.tensors().into_iter().collect();
    table.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some((name, info)) = table
        .into_iter()
        .find(|(name, _)| !specs.iter().any(|spec| &spec.name == name))
    {
        return Err(TensorMismatch::Extra {
            name,
            dims: info.shape.clone(),
        });
    }
    Ok(())
}

/// The data of tensor `tensor_name` in `buffer`, a safetensors file whose header (of
/// `header` bytes) holds the table `metadata`; `None` when it is not there.
fn tensor_bytes<'a>(
    buffer: &'a [u8],
    header: usize,
    metadata: &Metadata,
    tensor_name: &str,
) -> Option<&'a [u8]> {
    let (start, end) = metadata.info(tensor_name)?.data_offsets;
    let data = header.checked_add(8)?;
    buffer.get(data.checked_add(start)?..data.checked_add(end)?)
}

/// Refuses a safetensors file whose tensor table points past the end of its data.
///
/// The safetensors crate adds the table's last offset to the header's length without
/// checking for overflow, which a crafted header of a few hundred bytes makes panic; this
/// reads the same table first, with checked arithmetic. What else is wrong with the file
/// is left to the safetensors crate to say.
pub(crate) fn check_offsets(buffer: &[u8]) -> Result<(), String> {
    let Some((length, rest)) = buffer.split_first_chunk::<8>() else {
        return Ok(());
    };
    let header = usize::try_from(u64::from_le_bytes(*length))
        .ok()
        .and_then(|n| rest.get(..n));
    let Some(header) = header else {
        return Ok(());
    };
    let data = (rest.len() - header.len()) as u64;
    let Ok(table) = serde_json::from_slice::<HashMap<String, serde_json::Value>>(header) else {
        return Ok(());
    };
    for (tensor, entry) in &table {
        let end = entry
            .get("data_offsets")
            .and_then(|offsets| offsets.get(1))
            .and_then(serde_json::Value::as_u64);
        match end {
            Some(end) if tensor != "__metadata__" && end > data => {
                return Err(format!(
                    "tensor `{tensor}` ends at byte {end} of the data, past its {data} bytes"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// A damaged file named `name`, for `reason`.
pub(crate) fn damaged_named(name: &str, reason: impl std::fmt::Display) -> ModelError {
    ModelError::Damaged {
        path: name.to_owned(),
        reason: reason.to_string(),
    }
}
