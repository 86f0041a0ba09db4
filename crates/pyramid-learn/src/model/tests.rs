//! The loader refuses a hostile header before it allocates the network it declares: a
//! shape out of range, too large or overflowing, a file too small for it, or a tensor
//! table that is not the network's; a real model still round-trips.

use std::collections::HashMap;

use martian_chess::{MartianChess, Rules};
use pyramid_core::prelude::*;
use safetensors::SafeTensors;
use safetensors::tensor::{Dtype, TensorView};

use super::*;
use crate::error::TensorMismatch;
use crate::network::MAX_PARAMETERS;

fn tiny_model() -> Model {
    Model::new::<MartianChess>(&Rules::default(), 2, 1, 5).expect("a model")
}

/// The record of a fresh tiny model with its shape changed by `edit`.
fn info_with(edit: impl FnOnce(&mut NetShape)) -> ModelInfo {
    let mut info = tiny_model().info().clone();
    edit(&mut info.shape);
    info
}

/// A safetensors file of `tensors` (zeros) whose metadata records `info`.
fn file_of(info: &ModelInfo, tensors: &[(String, Vec<usize>)]) -> Vec<u8> {
    let data: Vec<Vec<u8>> = tensors
        .iter()
        .map(|(_, dims)| vec![0; 4 * dims.iter().product::<usize>()])
        .collect();
    let views = tensors.iter().zip(&data).map(|((name, dims), bytes)| {
        let view = TensorView::new(Dtype::F32, dims.clone(), bytes).expect("a view");
        (name.clone(), view)
    });
    let text = serde_json::to_string(info).expect("json");
    safetensors::serialize(
        views,
        Some(HashMap::from([(
            <Model as LearnedFormat>::KEY.to_owned(),
            text,
        )])),
    )
    .expect("serialized")
}

/// A header-only file (no tensors, a few hundred bytes) declaring `edit`'s shape.
fn tiny_file_declaring(edit: impl FnOnce(&mut NetShape)) -> Vec<u8> {
    let bytes = file_of(&info_with(edit), &[]);
    assert!(bytes.len() < 1024, "{} bytes", bytes.len());
    bytes
}

/// A real model's tensors (names and dimensions), re-written under `info`'s header with
/// `change` applied to the table.
fn real_tensors_under(
    info: &ModelInfo,
    change: impl FnOnce(&mut Vec<(String, Vec<usize>)>),
) -> Vec<u8> {
    let bytes = tiny_model().to_bytes().expect("bytes");
    let file = SafeTensors::deserialize(&bytes).expect("a safetensors file");
    let mut tensors: Vec<(String, Vec<usize>)> = file
        .tensors()
        .into_iter()
        .map(|(name, view)| (name, view.shape().to_vec()))
        .collect();
    tensors.sort();
    change(&mut tensors);
    file_of(info, &tensors)
}

fn load(bytes: &[u8]) -> ModelError {
    Model::from_bytes(bytes, "hostile").expect_err("refused")
}

/// How the tensors differ, for a [`ModelError::Mismatch`].
fn mismatch(error: &ModelError) -> Option<&TensorMismatch> {
    match error {
        ModelError::Mismatch { problem, .. } => Some(problem),
        _ => None,
    }
}

#[test]
fn a_tiny_file_declaring_1024_channels_and_64_blocks_is_refused_before_allocating() {
    let bytes = tiny_file_declaring(|s| {
        s.channels = 1024;
        s.blocks = 64;
    });
    let started = std::time::Instant::now();
    let error = load(&bytes);
    // 64 blocks of two 1024x1024x3x3 convolutions: over a billion weights (4.8 GB).
    assert!(
        matches!(
            &error,
            ModelError::BadShape {
                problem: ShapeError::TooManyParameters { parameters },
                ..
            } if *parameters > 1_200_000_000
        ),
        "{error}"
    );
    assert!(
        error.to_string().contains("more than the 67108864"),
        "{error}"
    );
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

#[test]
fn a_file_declaring_height_and_width_of_2_to_the_32_is_refused_as_an_overflow() {
    let bytes = tiny_file_declaring(|s| {
        s.planes = 1;
        s.height = 1 << 32;
        s.width = 1 << 32;
    });
    let error = load(&bytes);
    assert!(
        matches!(
            &error,
            ModelError::BadShape {
                problem: ShapeError::Overflow { .. },
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn a_file_declaring_terabytes_of_weights_is_refused() {
    // 2^20 cells and 2^20 policy entries, each field in range: the policy head alone is
    // 2 * 2^20 * 2^20 weights, 8 TiB.
    let bytes = tiny_file_declaring(|s| {
        s.planes = 1;
        s.height = 1024;
        s.width = 1024;
        s.channels = 1;
        s.policy_size = 1 << 20;
    });
    let error = load(&bytes);
    assert!(
        matches!(
            &error,
            ModelError::BadShape {
                problem: ShapeError::TooManyParameters { parameters },
                ..
            } if *parameters > 1 << 41
        ),
        "{error}"
    );
}

#[test]
fn a_file_too_small_for_the_network_it_declares_is_refused_before_allocating() {
    // 256 channels and 8 blocks: about 9.4 million weights, under the cap, in a file of a
    // few hundred bytes.
    let bytes = tiny_file_declaring(|s| {
        s.channels = 256;
        s.blocks = 8;
    });
    let error = load(&bytes);
    match mismatch(&error) {
        Some(TensorMismatch::TooSmall {
            parameters,
            needed,
            bytes: file,
        }) => {
            assert!(*parameters > 9_000_000 && *parameters <= MAX_PARAMETERS);
            assert_eq!(*needed, parameters * 4);
            assert_eq!(*file, bytes.len() as u64);
        }
        _ => panic!("{error}"),
    }
}

#[test]
fn a_file_whose_tensor_table_disagrees_with_its_header_is_refused() {
    let real = tiny_model().info().clone();
    // The header says 1 channel, the tensors are of 2.
    let one_channel = info_with(|s| s.channels = 1);
    let error = load(&real_tensors_under(&one_channel, |_| {}));
    assert!(
        matches!(
            mismatch(&error),
            Some(TensorMismatch::Wrong { name, expected, found, .. })
                if name == "stem.bias" && expected == &[1] && found == &[2]
        ),
        "{error}"
    );
    // One tensor too many.
    let error = load(&real_tensors_under(&real, |t| {
        t.push(("spare.weight".to_owned(), vec![3]));
    }));
    assert!(
        matches!(
            mismatch(&error),
            Some(TensorMismatch::Extra { name, dims })
                if name == "spare.weight" && dims == &[3]
        ),
        "{error}"
    );
    // One missing.
    let error = load(&real_tensors_under(&real, |t| {
        t.retain(|(name, _)| name != "value_out.bias");
    }));
    assert!(
        matches!(
            mismatch(&error),
            Some(TensorMismatch::Missing { name, dims })
                if name == "value_out.bias" && dims == &[2]
        ),
        "{error}"
    );
    // A tensor of the right shape but not f32.
    let mut bytes = real_tensors_under(&real, |_| {});
    let at = bytes
        .windows(5)
        .position(|w| w == br#""F32""#)
        .expect("a dtype in the header");
    bytes[at + 1] = b'I';
    let error = load(&bytes);
    assert!(
        matches!(
            mismatch(&error),
            Some(TensorMismatch::Wrong { dtype, .. }) if dtype == "I32"
        ),
        "{error}"
    );
}

#[test]
fn a_tensor_table_pointing_past_the_end_of_the_file_is_refused_without_a_panic() {
    // Eight byte tensors of 2^61 - 1 bytes each: their offsets sum to 2^64 - 8, which the
    // safetensors crate adds to the header's length unchecked.
    let size = (1u64 << 61) - 1;
    let entries: Vec<String> = (0..8u64)
        .map(|i| {
            format!(
                r#""t{i}":{{"dtype":"U8","shape":[{size}],"data_offsets":[{},{}]}}"#,
                i * size,
                (i + 1) * size
            )
        })
        .collect();
    let header = format!("{{{}}}", entries.join(","));
    let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
    bytes.extend_from_slice(header.as_bytes());
    let error = load(&bytes);
    assert!(matches!(error, ModelError::Damaged { .. }), "{error}");
}

#[test]
fn a_new_model_of_a_refused_shape_is_an_error_not_an_allocation() {
    let error = Model::new::<MartianChess>(&Rules::default(), 5000, 1, 1).expect_err("refused");
    assert!(
        matches!(
            &error,
            ModelError::BadShape {
                problem: ShapeError::OutOfRange {
                    field: "channels",
                    value: 5000,
                    ..
                },
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn the_network_is_built_from_the_tensor_list_the_loader_checks() {
    let model = tiny_model();
    let mut built: Vec<(String, Vec<usize>)> = model
        .vars()
        .data()
        .lock()
        .expect("vars")
        .iter()
        .map(|(name, var)| (name.clone(), var.dims().to_vec()))
        .collect();
    built.sort();
    let mut listed: Vec<(String, Vec<usize>)> = model
        .info()
        .shape
        .tensors()
        .expect("a shape")
        .into_iter()
        .map(|spec| (spec.name, spec.dims))
        .collect();
    listed.sort();
    assert_eq!(built, listed);
    let parameters: u64 = listed
        .iter()
        .map(|(_, d)| d.iter().product::<usize>() as u64)
        .sum();
    assert_eq!(model.parameters() as u64, parameters);
}

#[test]
fn a_real_saved_model_still_loads_with_the_same_weights() {
    let model = tiny_model();
    let dir = std::env::temp_dir().join(format!("pyramid-learn-shape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("tiny.safetensors");
    model.save(&path).expect("saved");
    let loaded = Model::load::<MartianChess>(&path, &Rules::default());
    std::fs::remove_dir_all(&dir).ok();
    let loaded = loaded.expect("loaded");
    assert_eq!(loaded.info(), model.info());
    assert_eq!(
        loaded.to_bytes().expect("bytes"),
        model.to_bytes().expect("bytes")
    );
    let state = MartianChess::new(&Rules::default());
    let seat = state.to_act().expect("a seat to act");
    assert_eq!(
        loaded
            .evaluate_states(&[(&state, seat)])
            .expect("evaluated"),
        model.evaluate_states(&[(&state, seat)]).expect("evaluated")
    );
}

#[test]
fn a_file_whose_one_evaluation_would_hold_gigabytes_is_refused() {
    // Few weights (no residual block), but 1024 channels over 2^19 cells: one forward
    // pass would hold 2 GiB a position.
    let bytes = tiny_file_declaring(|s| {
        s.channels = 1024;
        s.blocks = 0;
        s.planes = 1;
        s.height = 1 << 9;
        s.width = 1 << 10;
    });
    let error = load(&bytes);
    assert!(
        matches!(
            &error,
            ModelError::BadShape {
                problem: ShapeError::OutOfRange {
                    field: "channels x height x width",
                    ..
                },
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn a_model_with_non_finite_weights_is_never_saved_over_a_good_one() {
    let dir = std::env::temp_dir().join(format!("pyramid-learn-nan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("model.safetensors");
    let model = tiny_model();
    model.save(&path).expect("a good model saved");
    let good = std::fs::read(&path).expect("readable");
    {
        let data = model.vars().data().lock().expect("not poisoned");
        let (_, var) = data.iter().next().expect("a weight");
        let nan = Tensor::full(f32::NAN, var.dims(), var.device()).expect("a tensor");
        var.set(&nan).expect("set");
    }
    model.weights_changed();
    let refused = model.save(&path);
    let after = std::fs::read(&path).expect("readable");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .expect("readable")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        matches!(refused, Err(ModelError::NotFinite { .. })),
        "{refused:?}"
    );
    assert_eq!(after, good, "the good model is left as it was");
    assert_eq!(names, ["model.safetensors"], "no temporary left");
}
