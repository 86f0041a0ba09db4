//! One copy in memory of each learned file, however many seats, jobs and bots use it:
//! [`shared_model`] and [`shared_value_net`] read a file once and hand out the same
//! [`Arc`] while the file is unchanged, keyed by its canonical path (two names of one
//! file share it too).

use std::collections::HashMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use crate::error::ModelError;
use crate::learned_format::read_file;
use crate::model::Model;
use crate::value_net::{ValueNet, is_value_net_file};

/// The files kept at most; past it the cache starts afresh (bots that hold a file keep
/// their copy).
const MAX_FILES: usize = 16;

/// A learned file read once: a model or a value net.
#[derive(Clone)]
pub(crate) enum Learned {
    /// A model (policy and value heads).
    Model(Arc<Model>),
    /// A value net.
    ValueNet(Arc<ValueNet>),
}

/// What tells a file rewritten since it was read (a training run's new model, renamed
/// over the old one): its device and inode, modification time and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    device: u64,
    inode: u64,
    modified: Option<SystemTime>,
    len: u64,
}

/// The learned files read so far, by canonical path.
type Cache = HashMap<PathBuf, (Stamp, Learned)>;

/// The learned file at `path`, read once and shared while the file is unchanged; a file
/// too large, damaged or of neither kind is refused as [`Model::load_any`] and
/// [`ValueNet::load_any`] refuse it. The cache is held while a file is read, so bots
/// built at once on several threads read it once between them.
pub(crate) fn shared_learned(path: &Path) -> Result<Learned, ModelError> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let io = |source| ModelError::Io {
        path: path.display().to_string(),
        source,
    };
    let canonical = std::fs::canonicalize(path).map_err(io)?;
    let meta = std::fs::metadata(&canonical).map_err(io)?;
    let stamp = Stamp {
        device: meta.dev(),
        inode: meta.ino(),
        modified: meta.modified().ok(),
        len: meta.len(),
    };
    let mut cache = CACHE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((held, learned)) = cache.get(&canonical)
        && *held == stamp
        && stamp.modified.is_some()
    {
        return Ok(learned.clone());
    }
    let learned = read_learned(path)?;
    if cache.len() >= MAX_FILES {
        cache.clear();
    }
    cache.insert(canonical, (stamp, learned.clone()));
    Ok(learned)
}

/// Reads the learned file at `path`, whichever kind it is.
fn read_learned(path: &Path) -> Result<Learned, ModelError> {
    let (buffer, name) = read_file(path)?;
    Ok(if is_value_net_file(&buffer) {
        Learned::ValueNet(Arc::new(ValueNet::from_bytes(&buffer, &name)?))
    } else {
        Learned::Model(Arc::new(Model::from_bytes(&buffer, &name)?))
    })
}

/// The model in `path`, read once and shared while the file is unchanged; a value net's
/// file is refused ([`ModelError::NotAModel`]: `ab:model=FILE` plays it).
pub fn shared_model(path: &Path) -> Result<Arc<Model>, ModelError> {
    match shared_learned(path)? {
        Learned::Model(model) => Ok(model),
        Learned::ValueNet(_) => Err(ModelError::NotAModel {
            path: path.display().to_string(),
            reason: "it is a value net (`ab:model=FILE` plays it), not a model".to_owned(),
        }),
    }
}

/// The value net in `path`, read once and shared while the file is unchanged, however
/// many bots play it; a model's file is refused ([`ModelError::NotAModel`]).
///
/// ```
/// use std::sync::Arc;
/// use pyramid_core::nim::Nim;
/// use pyramid_learn::{ValueNet, shared_value_net};
/// let path = std::env::temp_dir().join(format!("pyramid-learn-shared-doc-{}.safetensors", std::process::id()));
/// ValueNet::new::<Nim>(&Default::default(), 8, 4, 1)?.save(&path)?;
/// assert!(Arc::ptr_eq(&shared_value_net(&path)?, &shared_value_net(&path)?));
/// # std::fs::remove_file(&path).ok();
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub fn shared_value_net(path: &Path) -> Result<Arc<ValueNet>, ModelError> {
    match shared_learned(path)? {
        Learned::ValueNet(net) => Ok(net),
        Learned::Model(_) => Err(ModelError::NotAModel {
            path: path.display().to_string(),
            reason: "it is a model (`az:model=FILE` plays it), not a value net".to_owned(),
        }),
    }
}
